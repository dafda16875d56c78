// The libcurl driver (HTTPExchange.c) under a sanitizer: exchanges against a server on loopback that trickles its
// answer, each cancelled from this thread after a random pause (from none to a few milliseconds, so that some cancels
// land while the exchange thread moves the exchange from pending to active) or from inside that move itself (the
// transit hook). Every exchange must end as cancelled, soon, and the server must see every connection closed.
// Built and run by scripts/driver-sanitizer; not part of the Swift package.
#define _GNU_SOURCE
#include "HTTPExchange.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static atomic_int accepted;
static atomic_int closed_by_client;

/// Reads the request's head, answers with a body announced long and sent a byte every 20 ms until the client closes.
static void *trickle(void *argument) {
    int fd = (int)(intptr_t)argument;
    char head[4096];
    size_t length = 0;
    while (length < sizeof head - 1) {
        ssize_t count = recv(fd, head + length, sizeof head - 1 - length, 0);
        if (count <= 0) break;
        length += (size_t)count;
        head[length] = '\0';
        if (strstr(head, "\r\n\r\n") != NULL) break;
    }
    const char *answer = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n";
    if (send(fd, answer, strlen(answer), MSG_NOSIGNAL) > 0) {
        for (;;) {
            usleep(20000);
            if (send(fd, " ", 1, MSG_NOSIGNAL) <= 0) {
                atomic_fetch_add(&closed_by_client, 1);
                break;
            }
        }
    } else {
        atomic_fetch_add(&closed_by_client, 1);
    }
    close(fd);
    return NULL;
}

static void *serve(void *argument) {
    int listener = (int)(intptr_t)argument;
    for (;;) {
        int fd = accept(listener, NULL, NULL);
        if (fd < 0) continue;
        atomic_fetch_add(&accepted, 1);
        pthread_t thread;
        pthread_create(&thread, NULL, trickle, (void *)(intptr_t)fd);
        pthread_detach(thread);
    }
    return NULL;
}

/// One exchange's end, as its completion reports it.
struct ending {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int ended;
    int code;
};

static void completed(void *context, const struct stackterm_http_outcome *outcome) {
    struct ending *ending = context;
    pthread_mutex_lock(&ending->lock);
    ending->ended = 1;
    ending->code = outcome->code;
    pthread_cond_signal(&ending->changed);
    pthread_mutex_unlock(&ending->lock);
}

/// Cancels, from inside the move from pending to active, the exchanges whose address says so.
static void cancel_in_transit(long id, const char *url) {
    if (strstr(url, "/in-transit") != NULL) stackterm_http_cancel(id);
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 400;
    int listener = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t address_length = sizeof address;
    if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 64) != 0
        || getsockname(listener, (struct sockaddr *)&address, &address_length) != 0) {
        perror("listen");
        return 2;
    }
    pthread_t server;
    pthread_create(&server, NULL, serve, (void *)(intptr_t)listener);
    stackterm_http_set_transit_hook(cancel_in_transit);
    srand((unsigned)time(NULL));

    int lost = 0, wrong = 0;
    for (int round = 0; round < rounds; round++) {
        int in_transit = round % 4 == 3;
        char url[128];
        snprintf(url, sizeof url, "http://127.0.0.1:%d/%s/%d", ntohs(address.sin_port), in_transit ? "in-transit" : "trickle", round);
        struct stackterm_http_request request = {.url = url, .timeout_seconds = 30, .body_limit = 1 << 20, .header_limit = 256 << 10};
        struct ending ending = {.lock = PTHREAD_MUTEX_INITIALIZER, .changed = PTHREAD_COND_INITIALIZER};
        long id = stackterm_http_start(&request, completed, &ending);
        if (id == 0) {
            fprintf(stderr, "round %d: not started\n", round);
            return 2;
        }
        if (!in_transit) {
            int pause = rand() % 4;  // none, or up to a few milliseconds
            if (pause > 0) usleep((useconds_t)(rand() % (pause * 1000)));
            stackterm_http_cancel(id);
        }
        struct timespec deadline;
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_sec += 5;
        pthread_mutex_lock(&ending.lock);
        while (!ending.ended) {
            if (pthread_cond_timedwait(&ending.changed, &ending.lock, &deadline) == ETIMEDOUT) break;
        }
        int ended = ending.ended, code = ending.code;
        pthread_mutex_unlock(&ending.lock);
        if (!ended) {
            lost++;
            fprintf(stderr, "round %d: the cancel was lost (no end within 5 s)\n", round);
            // Its completion still points at `ending`: cancel it again (it is among the transfers by now) and wait.
            stackterm_http_cancel(id);
            pthread_mutex_lock(&ending.lock);
            while (!ending.ended) pthread_cond_wait(&ending.changed, &ending.lock);
            pthread_mutex_unlock(&ending.lock);
        } else if (code != -1) {
            wrong++;
            fprintf(stderr, "round %d: ended with code %d, not as cancelled\n", round, code);
        }
    }
    // Every connection the server accepted is closed by the client (the trickle notices within 20 ms).
    for (int wait = 0; wait < 250 && atomic_load(&closed_by_client) < atomic_load(&accepted); wait++) usleep(20000);
    int open = atomic_load(&accepted) - atomic_load(&closed_by_client);
    printf("%d rounds: %d cancels lost, %d ended otherwise, %d connections accepted, %d left open\n", rounds, lost, wrong,
           atomic_load(&accepted), open);
    return lost == 0 && wrong == 0 && open == 0 ? 0 : 1;
}

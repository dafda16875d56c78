#ifndef STACKTERM_CNCURSESW_SHIM_H
#define STACKTERM_CNCURSESW_SHIM_H
/* Wide-character ncurses: these must come before curses.h (SwiftPM ignores ncursesw.pc's -D flags). */
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>
#include <curses.h>
#include <langinfo.h>

/*
 * Swift 6 rejects ncurses' mutable globals (stdscr, LINES, COLS) and drops its function-like
 * macros (A_*, COLOR_PAIR, getmaxyx, ACS_*), so each is wrapped in a static inline function.
 */

static inline WINDOW *stackterm_stdscr(void) { return stdscr; }
static inline int stackterm_lines(void) { return LINES; }
static inline int stackterm_cols(void) { return COLS; }
static inline void stackterm_getmaxyx(WINDOW *window, int *rows, int *columns) {
    int y, x;
    getmaxyx(window, y, x);
    *rows = y;
    *columns = x;
}

static inline attr_t stackterm_a_normal(void) { return A_NORMAL; }
static inline attr_t stackterm_a_bold(void) { return A_BOLD; }
static inline attr_t stackterm_a_dim(void) { return A_DIM; }
static inline attr_t stackterm_a_reverse(void) { return A_REVERSE; }
static inline attr_t stackterm_a_underline(void) { return A_UNDERLINE; }
static inline int stackterm_color_pair(int pair) { return (int)COLOR_PAIR(pair); }

/* Line-drawing characters (ncurses fills acs_map only after initscr/newterm). */
static inline chtype stackterm_acs_hline(void) { return ACS_HLINE; }
static inline chtype stackterm_acs_vline(void) { return ACS_VLINE; }
static inline chtype stackterm_acs_ulcorner(void) { return ACS_ULCORNER; }
static inline chtype stackterm_acs_urcorner(void) { return ACS_URCORNER; }
static inline chtype stackterm_acs_llcorner(void) { return ACS_LLCORNER; }
static inline chtype stackterm_acs_lrcorner(void) { return ACS_LRCORNER; }

/* Sets the attributes and colour pair for the following writes to stdscr. */
static inline int stackterm_set_attributes(attr_t attributes, short pair) {
    return wattr_set(stdscr, attributes, pair, NULL);
}

/* Writes `count` wide characters at (row, column) of stdscr. */
static inline int stackterm_put_wide(int row, int column, const wchar_t *text, int count) {
    return mvwaddnwstr(stdscr, row, column, text, count);
}

/*
 * Writes `count` bytes of printable ASCII at (row, column) of stdscr, in the attributes set last: one call for a run
 * of plain cells. The cells go into the window whole (`wadd_wchnstr`, which gives them the window's attributes and
 * colour as `waddnstr` would, and clears the halves of a wide character they cut): `waddnstr` takes each byte
 * through ncurses' multibyte decoding on its own. The cursor stays at `column`.
 */
static inline int stackterm_put_ascii(int row, int column, const char *text, int count) {
    enum { chunk = 256 };
    cchar_t cells[chunk];
    int written = 0;
    while (written < count) {
        int n = count - written < chunk ? count - written : chunk;
        memset(cells, 0, sizeof(cchar_t) * (size_t)n);
        for (int i = 0; i < n; i++) cells[i].chars[0] = (wchar_t)(unsigned char)text[written + i];
        if (wmove(stdscr, row, column + written) == ERR) return ERR;
        if (wadd_wchnstr(stdscr, cells, n) == ERR) return ERR;
        written += n;
    }
    return OK;
}

/* The character ncurses holds at (row, column) of stdscr, attributes stripped (an ASCII cell's byte). */
static inline int stackterm_char_at(int row, int column) {
    return (int)(mvwinch(stdscr, row, column) & A_CHARTEXT);
}

/* The attributes (colour bits stripped) and colour pair ncurses holds at (row, column) of stdscr. */
static inline int stackterm_style_at(int row, int column, attr_t *attributes, int *pair) {
    cchar_t cell;
    wchar_t text[CCHARW_MAX + 1];
    short shortPair = 0;
    if (mvwin_wch(stdscr, row, column, &cell) == ERR) return ERR;
    if (getcchar(&cell, text, attributes, &shortPair, pair) == ERR) return ERR;
    *attributes &= ~A_COLOR;
    return OK;
}

/* Starts curses writing to and reading from /dev/null (the headless paint benchmark); NULL on failure. */
static inline SCREEN *stackterm_newterm_null(const char *term) {
    FILE *out = fopen("/dev/null", "w");
    FILE *in = fopen("/dev/null", "r");
    if (out == NULL || in == NULL) return NULL;
    return newterm(term, out, in);
}

/* The character set of the current LC_CTYPE ("UTF-8", "ANSI_X3.4-1968", ...). */
static inline const char *stackterm_codeset(void) { return nl_langinfo(CODESET); }

/*
 * Adds LINES and COLUMNS to the environment, empty, where it lacks them. Call once in `main`, while the process has
 * one thread: `stackterm_newterm` sets them for a moment while other threads may be reading the environment (libcurl
 * its proxy variables, SQLite its temporary directory), and glibc's `setenv` may move the `environ` array (and free
 * the old one) only when it adds a variable. Replacing the value of one that exists writes one pointer in place, and
 * glibc never frees a value `setenv` made. An empty LINES or COLUMNS means nothing to ncurses (it wants a number
 * above 0), to stackterm's `--print` (it wraps to `$COLUMNS` only when that is a number) or to the programs
 * stackterm starts (`ChildEnvironment.scrubbed` leaves them out).
 */
static inline void stackterm_reserve_size_env(void) {
    if (getenv("LINES") == NULL) setenv("LINES", "", 1);
    if (getenv("COLUMNS") == NULL) setenv("COLUMNS", "", 1);
}

/* Puts an environment variable back to `value`, or (NULL) empties it: never removes it, so that `environ` never
 * changes shape once other threads run (see `stackterm_reserve_size_env`). */
static inline void stackterm_restore_env(const char *name, const char *value) {
    setenv(name, value != NULL ? value : "", 1);
}

/*
 * Starts curses on stdout/stdin for `term` (Swift 6 rejects the stdin/stdout globals), set up to send each
 * frame in one `write`; NULL if `term` is unknown.
 *
 * Left alone, ncurses 6.4 makes dozens of `write` calls per full-screen change, for two reasons:
 * - its output buffer is sized once, in newterm, at (2 + lines) × (6 + columns) bytes: about a byte a cell,
 *   while a full-screen change takes 1.3 bytes a cell (a list's PageDown at 120×40) to three (every cell in a colour
 *   of its own). So newterm is shown a screen of the real height and half as wide again (`LINES`/`COLUMNS`, which
 *   ncurses reads there; a person's own values are put back at once), and curses is resized to the real size
 *   straight after: a list's full-screen change goes out in one `write`, the worst in two.
 *   Each byte of buffer costs newterm's three windows about 84 bytes until the resize, and their first touch a page
 *   fault each 4 KB: three times as wide, as this was, gave every change one `write`, and curses' start took 354 page
 *   faults at 120×40 and 1.70 M instructions; half as wide again, about 206 and 0.96 M (the screen's own width: 143).
 * - until the screen has once been suspended and resumed (`endwin`, then `doupdate`), every cursor move
 *   flushes the buffer (its `_endwin` stays `ewInitial`): that is a `write` per row or more. The pair is done
 *   here, before anything is drawn.
 * `typeahead(-1)` stops doupdate from flushing half a frame when a key is waiting (a held PageDown).
 */
static inline SCREEN *stackterm_newterm(const char *term) {
    int rows = 24, columns = 80;
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_row > 0 && size.ws_col > 0) {
        rows = size.ws_row;
        columns = size.ws_col;
    }
    const char *givenLines = getenv("LINES");
    const char *givenColumns = getenv("COLUMNS");
    /* Absent (or reserved empty) comes back empty; absent only when `stackterm_reserve_size_env` was not called. */
    char *savedLines = givenLines != NULL ? strdup(givenLines) : NULL;
    char *savedColumns = givenColumns != NULL ? strdup(givenColumns) : NULL;
    /* A size a person set in the environment wins over the kernel's, as it would in ncurses. */
    if (givenLines != NULL && atoi(givenLines) > 0) rows = atoi(givenLines);
    if (givenColumns != NULL && atoi(givenColumns) > 0) columns = atoi(givenColumns);
    /* 1.5 bytes a cell (above); no wider than 4096 columns. */
    int bufferColumns = columns + columns / 2;
    if (bufferColumns > 4096) bufferColumns = 4096 > columns ? 4096 : columns;
    char text[16];
    snprintf(text, sizeof text, "%d", rows);
    setenv("LINES", text, 1);
    snprintf(text, sizeof text, "%d", bufferColumns);
    setenv("COLUMNS", text, 1);
    SCREEN *screen = newterm(term, stdout, stdin);
    stackterm_restore_env("LINES", savedLines);
    stackterm_restore_env("COLUMNS", savedColumns);
    free(savedLines);
    free(savedColumns);
    if (screen == NULL) return NULL;
    resizeterm(rows, columns);
    typeahead(-1);
    endwin();
    doupdate();
    return screen;
}

/* The terminal's size from the kernel (ioctl is variadic, which Swift cannot call). 0 on success. */
static inline int stackterm_window_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

/* The window's size in cells and in pixels (the pixels are 0 where the terminal does not fill them in). */
static inline int stackterm_window_pixels(int fd, int *rows, int *columns, int *pixel_width, int *pixel_height) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    *pixel_width = size.ws_xpixel;
    *pixel_height = size.ws_ypixel;
    return 0;
}

/* Pseudo-terminals (stdlib.h declares these only under _XOPEN_SOURCE >= 600, which SwiftPM does not set). */
extern int posix_openpt(int flags);
extern int grantpt(int fd);
extern int unlockpt(int fd);
extern char *ptsname(int fd);
/* The thread-safe form (glibc): `ptsname` answers in one buffer for the whole process. */
extern int ptsname_r(int fd, char *buf, size_t buflen);
/* The columns ncurses gives a code point (wchar.h declares wcwidth only under _XOPEN_SOURCE). */
extern int wcwidth(wchar_t c);
static inline int stackterm_wcwidth(int c) { return wcwidth((wchar_t)c); }

/* Returns the free pages of every malloc arena to the kernel (glibc). */
static inline int stackterm_malloc_trim(void) { return malloc_trim(0); }

/* Sets the size a terminal (a pseudo-terminal's master) reports. 0 on success. */
static inline int stackterm_set_window_size(int fd, int rows, int columns) {
    struct winsize size = { .ws_row = (unsigned short)rows, .ws_col = (unsigned short)columns };
    return ioctl(fd, TIOCSWINSZ, &size);
}

/*
 * Crash signals: restore the terminal, then die of the same signal with the default action.
 * endwin is not async-signal-safe, but the process is dying anyway and a terminal left in raw
 * mode is worse than the small risk; it is skipped when curses is not active.
 */
/* The terminal modes stackterm asks for beyond curses: mouse reports (1000) in SGR form (1006), and bracketed
 * paste (2004), focus reports (1004). Turned off before curses ends, before a foreground program, and in the crash handler. */
static const char stackterm_modes_off[] = "\033[?1004l\033[?2004l\033[?1006l\033[?1000l";

static void stackterm_crash_handler(int signal_number) {
    if (!isendwin()) {
        ssize_t written = write(STDOUT_FILENO, stackterm_modes_off, sizeof stackterm_modes_off - 1);
        (void)written;
        endwin();
    }
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

static inline void stackterm_install_crash_handlers(void) {
    int signals[] = { SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP };
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) signal(signals[i], stackterm_crash_handler);
}

/* Sends the mode sequences through `putp`, then flushes stdio's stdout: `putp` writes through `putchar` into
 * stdout's buffer, not ncurses' own, and a terminal's stdout is line-buffered, so with no newline after them the
 * sequences stayed there until the program's exit, and the terminal (and tmux, which forwards focus reports only
 * to a pane that asked for them) never heard them. */
static inline void stackterm_set_input_modes(int mouse, int paste) {
    if (paste) putp("\033[?2004h");
    /* Focus reports (`ESC [ I`, `ESC [ O`): watch notifications go out only while the terminal is not focused. */
    putp("\033[?1004h");
    if (mouse) putp("\033[?1000h\033[?1006h");
    fflush(stdout);
}

static inline void stackterm_reset_input_modes(void) {
    putp(stackterm_modes_off);
    fflush(stdout);
}

/* Restores the terminal if curses is active; safe to call at any time and more than once. */
static inline void stackterm_end_curses_if_active(void) {
    if (!isendwin()) {
        stackterm_reset_input_modes();
        endwin();
    }
}

/* term.h last: it defines macros (`columns`, `lines`) that would rewrite the code above. */
#include <term.h>

/*
 * Whether `term`'s terminfo entry can address the cursor (`cup`): 1 yes, 0 no (TERM=dumb), -1 no entry.
 * Read before newterm, so a terminal stackterm refuses is never switched to curses mode.
 */
static inline int stackterm_cursor_addressing(const char *term) {
    int error = 0;
    if (setupterm(term, STDOUT_FILENO, &error) != OK) return -1;
    char *cup = tigetstr("cup");
    int can = cup != NULL && cup != (char *)-1;
    del_curterm(cur_term);
    return can;
}

/* The number of colours terminfo gives `term` (its `colors`), 0 without them or without the entry. Before curses starts. */
static inline int stackterm_terminfo_colours(const char *term) {
    int error = 0;
    if (setupterm(term, STDOUT_FILENO, &error) != OK) return 0;
    int colours = tigetnum("colors");
    del_curterm(cur_term);
    return colours > 0 ? colours : 0;
}

/* The current terminfo entry's string capability `name` (a key's sequence), or NULL. After newterm. */
static inline const char *stackterm_key_string(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return NULL;
    return value;
}

#endif

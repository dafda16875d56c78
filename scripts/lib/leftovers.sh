# Every process a test run starts carries STACKTERM_TEST_RUN in its environment (scripts/test exports it), so what is
# still alive after the run can be found: a test's child that was not ended and waited for.

# Marks this shell's children as the run's.
mark_test_run() {
    STACKTERM_TEST_RUN="scripts-test-$$-$(date +%s%N)"
    export STACKTERM_TEST_RUN
}

# The pids (and command lines) of the run's processes still alive, other than this shell.
test_run_leftovers() {
    local file pid
    for file in $(grep -lsxz "STACKTERM_TEST_RUN=$STACKTERM_TEST_RUN" /proc/[0-9]*/environ); do
        pid="${file#/proc/}"
        pid="${pid%/environ}"
        [ "$pid" = "$$" ] && continue
        [ -e "/proc/$pid" ] || continue
        # A process that has exited but not been reaped has no command line left: it is gone.
        local command
        command="$(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null)"
        [ -n "$command" ] || continue
        echo "$pid $command"
    done
}

# Fails, naming them, when processes of the run outlive it (after 5 s of grace for those still ending); ends them.
check_test_run_leftovers() {
    local left=""
    for _ in $(seq 50); do
        left="$(test_run_leftovers)"
        [ -z "$left" ] && return 0
        sleep 0.1
    done
    echo "scripts/test: processes the tests started are still running:" >&2
    echo "$left" | sed 's/^/  /' >&2
    echo "$left" | cut -d' ' -f1 | xargs -r kill -KILL 2>/dev/null || true
    return 1
}

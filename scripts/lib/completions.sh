# install_completions BINARY ROOT: writes the bash, zsh and fish completions BINARY generates (ArgumentParser's
# --generate-completion-script) where each shell looks for them under ROOT (a prefix such as ~/.local or /usr).
install_completions() {
    local binary="$1" root="$2"
    mkdir -p "$root/share/bash-completion/completions" "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
    "$binary" --generate-completion-script bash > "$root/share/bash-completion/completions/stackterm"
    "$binary" --generate-completion-script zsh > "$root/share/zsh/site-functions/_stackterm"
    "$binary" --generate-completion-script fish > "$root/share/fish/vendor_completions.d/stackterm.fish"
}

# bash completion for tally, written from its table of options (CommandLineOption.all):
# its options, and a value after those that take one.
# Installed by `make install` as PREFIX/share/bash-completion/completions/tally.
_tally() {
    local current previous
    current="${COMP_WORDS[COMP_CWORD]}"
    previous="${COMP_WORDS[COMP_CWORD-1]}"
    case "$previous" in
        --color)
            COMPREPLY=($(compgen -W "auto always never" -- "$current"))
            return ;;
        --data-dir)
            COMPREPLY=($(compgen -d -- "$current"))
            return ;;
        --history-file|--init)
            COMPREPLY=($(compgen -f -- "$current"))
            return ;;
        -e|--eval|--digits)
            return ;;
    esac
    if [[ "$current" == -* ]]; then
        COMPREPLY=($(compgen -W "-e --eval -q --quiet --digits --mark-rounded --json --data-dir --history-file --no-history --init --no-init --color --ascii -h --help -V --version" -- "$current"))
    else
        COMPREPLY=($(compgen -f -- "$current"))
    fi
}
complete -o filenames -F _tally tally

#!/bin/sh
# Install a Linux build of Rummy Table for one user (or, with PREFIX=/usr/local and root,
# for everyone): the program folder, a `rummy-table` command, the menu entry and its icons.
#
#     make package && sh packaging/install-linux.sh        # PREFIX defaults to ~/.local
#     sh packaging/install-linux.sh --uninstall
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
prefix=${PREFIX:-$HOME/.local}
build=${BUILD:-$root/dist/RummyTable}
app=$prefix/lib/rummy-table
command=$prefix/bin/rummy-table
desktop=$prefix/share/applications/rummy-table.desktop
icons=$prefix/share/icons/hicolor
sizes="16 32 48 64 128 256 512"

refresh() {
    command -v update-desktop-database >/dev/null 2>&1 &&
        update-desktop-database -q "$prefix/share/applications" || true
    # a new mtime makes desktops look again; an icon cache is refreshed only where one is
    # kept already (a stale cache of our own would hide other programs' icons)
    mkdir -p "$icons" && touch "$icons"
    [ -f "$icons/icon-theme.cache" ] && command -v gtk-update-icon-cache >/dev/null 2>&1 &&
        gtk-update-icon-cache -q -t "$icons" || true
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$app"
    rm -f "$command" "$desktop"
    for n in $sizes; do rm -f "$icons/${n}x${n}/apps/rummy-table.png"; done
    refresh
    echo "Removed Rummy Table from $prefix (saves and settings are kept)."
    exit 0
fi

if [ ! -x "$build/RummyTable" ]; then
    echo "No build in $build: run 'make package' first (or set BUILD=folder)." >&2
    exit 1
fi
mkdir -p "$prefix/bin" "$prefix/lib" "$prefix/share/applications"
rm -rf "$app"
cp -R "$build" "$app"
ln -sf "$app/RummyTable" "$command"
for n in $sizes; do
    mkdir -p "$icons/${n}x${n}/apps"
    cp "$root/assets/icon/icon-$n.png" "$icons/${n}x${n}/apps/rummy-table.png"
done
# the menu entry starts the program by its full path: ~/.local/bin need not be on PATH
sed -e "s|^Exec=.*|Exec=$app/RummyTable|" -e "s|^TryExec=.*|TryExec=$app/RummyTable|" \
    "$here/rummy-table.desktop" >"$desktop"
refresh
echo "Installed Rummy Table in $app; start it from the menu (Games) or with: $command"

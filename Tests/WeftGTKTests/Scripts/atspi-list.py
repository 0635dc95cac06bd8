#!/usr/bin/python3
"""What a screen reader sees of a window's first list, through AT-SPI with
pyatspi (the library Orca uses): prints one JSON object with the list's role,
name and states, and each child's role, name, description and states, with
the child's own children (the links in an item's text) the same way.

Usage: atspi-list.py WINDOW-TITLE. Asks the accessibility bus for the window for
up to 30 s; exits 2 if it never finds it, 3 if it has no list, 4 if the list
changed under every walk.
"""
import json
import sys
import time

import pyatspi
from gi.repository import GLib

STATES = ("focused", "focusable", "selected", "selectable", "showing", "enabled", "multiselectable")


def states(node):
    return sorted(s for s in (pyatspi.stateToString(x) for x in node.getState().getStates()) if s in STATES)


def find_window(title, timeout=30):
    # No sleeping: each pass is a round trip over the bus to every application,
    # which answers from its main loop (the test keeps it running), so a pass
    # ends when the applications have answered. The test shows its window
    # before it runs this script; the deadline only bounds a broken bus.
    end = time.time() + timeout
    while time.time() < end:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is None:
                continue
            for index in range(app.childCount):
                window = app.getChildAtIndex(index)
                if window is not None and window.name == title:
                    return window
    return None


def find_list(node, depth=0):
    if node.getRoleName() == "list":
        return node
    if depth > 12:
        return None
    for index in range(node.childCount):
        found = find_list(node.getChildAtIndex(index), depth + 1)
        if found is not None:
            return found
    return None


def describe(node):
    extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return {
        "role": node.getRoleName(),
        "name": node.name,
        "description": node.description,
        "states": states(node),
        "extents": [extents.x, extents.y, extents.width, extents.height],
    }


class Changed(Exception):
    """The tree changed under the walk: a child counted was gone when asked for,
    or the application did not answer in time (its main loop busy)."""


def child(node, index):
    found = node.getChildAtIndex(index)
    if found is None:
        raise Changed()
    return found


def walk(found):
    tree = describe(found)
    tree["children"] = []
    for index in range(found.childCount):
        item = child(found, index)
        described = describe(item)
        described["children"] = [describe(child(item, i)) for i in range(item.childCount)]
        tree["children"].append(described)
    return tree


def main():
    window = find_window(sys.argv[1])
    if window is None:
        print(f"no window named {sys.argv[1]!r} on the accessibility bus", file=sys.stderr)
        return 2
    found = find_list(window)
    if found is None:
        print("the window has no list", file=sys.stderr)
        return 3
    # The application runs while it is read, as under Orca: a frame may
    # replace an item's children between the count and the reading, and a
    # test process whose main thread other suites keep busy may answer late
    # (both seen on a loaded machine), or read a frame's update half done. A
    # screen reader reads again after the application's events; so does this,
    # a bounded number of times, with no sleep (each pass is a round trip).
    # A walk is taken once the next one reads the same: a frame that was
    # updating the items (a new item's description not set yet) has ended.
    previous = None
    for _ in range(50):
        try:
            tree = json.dumps(walk(found))
        except (Changed, GLib.GError):
            previous = None
            continue
        if tree == previous:
            print(tree)
            return 0
        previous = tree
    print("the list changed under every one of 50 walks", file=sys.stderr)
    return 4


if __name__ == "__main__":
    sys.exit(main())

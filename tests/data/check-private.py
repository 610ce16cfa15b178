#!/usr/bin/env python3
# check-private.py SOURCE_ROOT ARCHIVE... — keeps HACKING's naming rules true
# (HACKING.md, "Naming" and "Tests"), from the symbols the compiler wrote
# rather than from parsing C:
#
#  1. a function a unit's *-private.h declares, and that one of its files
#     defines, starts with an underscore (_cuocc_window_…, _cli_import_…);
#  2. a function of the app (libcuocc-app.a) that no other file of the app
#     calls is declared in no header but src/app/cuocc-testing.h (what only
#     the tests call) or a *-private.h: anything else is static or gone;
#  3. every function cuocc-testing.h declares is called by a test;
#  4. signal and action handlers end in _cb: what G_CALLBACK () names, and
#     the handler gtk_widget_class_install_action () or a GActionEntry gets;
#  5. cuocc-testing.h declares at most TESTING_MAX functions: the tests reach
#     the app through its public API, properties, actions and widgets, and
#     that header keeps only what no public way reaches (issue 28);
#  6. no test or benchmark (a file under tests/) includes a *-private.h of
#     the app (src/app): the tests use the widgets as users and other
#     widgets do (HACKING.md, "Tests").
#
# ARCHIVE: the static libraries of the units (libcuocc-private.a,
# libcuocc-plot.a, libcuocc-cli-private.a, libcuocc-app.a). TAP output.

import glob
import os
import re
import subprocess
import sys

root = sys.argv[1]
archives = sys.argv[2:]

# Functions only the tests call that another engineer's work has yet to
# move into cuocc-testing.h, as a pattern; None: nothing is pending (the
# inputs object's files, the calculation and sessions are done).
PENDING_TEST_ONLY = None

# The most functions cuocc-testing.h may declare (HACKING.md, "Tests").
TESTING_MAX = 15

# Defined by the build, not by us: GObject's type functions and the
# resources glib-compile-resources writes.
GENERATED = re.compile(r'(_get_type|^cuocc_app_get_resource)$')


def symbols(archive):
    """Per member of the archive: the functions it defines and those it uses."""
    out = subprocess.run(['nm', '-A', archive], capture_output=True, text=True, check=True).stdout
    defined, used = {}, {}
    for line in out.splitlines():
        where, _, rest = line.rpartition(':')
        member = where.rsplit(':', 1)[-1]
        parts = rest.split()
        if len(parts) == 3 and parts[1] == 'T':
            defined.setdefault(member, set()).add(parts[2])
        elif len(parts) == 2 and parts[0] == 'U':
            used.setdefault(member, set()).add(parts[1])
    return defined, used


def read(path):
    """The file's text without its comments: a name in a comment is no call."""
    with open(path, encoding='utf-8') as f:
        return re.sub(r'/\*.*?\*/|//[^\n]*', ' ', f.read(), flags=re.S)


def declares(text, name):
    return re.search(r'(?<![\w])' + re.escape(name) + r'\s*\(', text) is not None


def rel(path):
    return os.path.relpath(path, root)


headers = {rel(h): read(h) for h in glob.glob(os.path.join(root, 'src', '**', '*.h'), recursive=True)}
tests_text = '\n'.join(read(p) for p in glob.glob(os.path.join(root, 'tests', '**', '*.c'), recursive=True))
main_text = read(os.path.join(root, 'src', 'app', 'main.c'))

results = []

# 1. Private headers' functions start with an underscore.
for archive in archives:
    defined, _ = symbols(archive)
    functions = set().union(*defined.values()) if defined else set()
    folder = 'src/' + os.path.basename(os.path.dirname(archive)) + '/'
    for h in headers:
        if h.startswith(folder) and h.endswith('-private.h'):
            for name in sorted(functions):
                if declares(headers[h], name) and not name.startswith('_'):
                    results.append((False, f'{h} declares {name} (): a private function starts with an underscore, _{name}'))

# 2. and 3. The app's headers show what the app uses.
app = [a for a in archives if os.path.basename(a) == 'libcuocc-app.a']
if app:
    defined, used = symbols(app[0])
    for member, names in sorted(defined.items()):
        others = set().union(*(u for m, u in used.items() if m != member)) if len(used) > 1 else set()
        for name in sorted(names):
            if name in others or GENERATED.search(name) or declares(main_text, name):
                continue
            if PENDING_TEST_ONLY is not None and PENDING_TEST_ONLY.search(name):
                continue
            where = [h for h in headers if declares(headers[h], name)
                     and h != 'src/app/cuocc-testing.h' and not h.endswith('-private.h')]
            for h in where:
                who = 'only the tests call' if declares(tests_text, name) else 'nothing calls'
                results.append((False, f'{h} declares {name} (), which {who} outside '
                                       f'{os.path.basename(member)[:-2]}: make it static, or, where only '
                                       'the tests call it, declare it in src/app/cuocc-testing.h'))
    testing = headers.get('src/app/cuocc-testing.h', '')
    app_functions = set().union(*defined.values())
    for name in sorted(app_functions):
        if declares(testing, name) and not declares(tests_text, name):
            results.append((False, f'src/app/cuocc-testing.h declares {name} (), which no test calls: remove it'))
    declared = sorted(n for n in app_functions if declares(testing, n))
    if len(declared) > TESTING_MAX:
        results.append((False, f'src/app/cuocc-testing.h declares {len(declared)} functions, more than '
                               f'{TESTING_MAX}: reach the app the way users and widgets do (public API, '
                               'properties, actions, widgets by id) and drop one ('
                               + ', '.join(declared) + ')'))

# 4. Handlers end in _cb. A GtkExpression's function (gtk_cclosure_expression_new)
# is no handler.
NOT_HANDLERS = {'search_string'}
for path in sorted(glob.glob(os.path.join(root, 'src', '**', '*.c'), recursive=True)):
    text = read(path)
    handlers = re.findall(r'G_CALLBACK\s*\(\s*(\w+)\s*\)', text)
    handlers += re.findall(r'gtk_widget_class_install_action\s*\([^;]*?,\s*(\w+)\s*\)\s*;', text, re.S)
    for entries in re.findall(r'GActionEntry\s+\w+\s*\[\]\s*=\s*\{(.*?)\};', text, re.S):
        handlers += re.findall(r'\{\s*"[\w.-]+"\s*,\s*(\w+)', entries)
    for name in sorted(set(handlers)):
        if not name.endswith('_cb') and name not in NOT_HANDLERS:
            results.append((False, f'{rel(path)}: the handler {name} () does not end in _cb'))

# 6. The tests include none of the app's private headers.
app_private = {os.path.basename(h) for h in headers if h.startswith('src/app/') and h.endswith('-private.h')}
test_files = sorted(glob.glob(os.path.join(root, 'tests', '**', '*.[ch]'), recursive=True))
included = set()
for path in test_files:
    for header in re.findall(r'^\s*#\s*include\s*["<]([^">]+)[">]', read(path), re.M):
        if os.path.basename(header) in app_private:
            included.add((rel(path), os.path.basename(header)))
for path, header in sorted(included):
    results.append((False, f'{path} includes src/app/{header}: a test uses the app\'s public headers, its '
                           'actions, properties and template children, not its private ones'))

if not results:
    results.append((True, 'private functions start with an underscore; the app\'s headers declare what '
                          'the app calls; handlers end in _cb; cuocc-testing.h declares at most '
                          f'{TESTING_MAX} functions; the tests include no private header of the app'))

print(f'1..{len(results)}')
for i, (ok, message) in enumerate(results, 1):
    print(f'{"ok" if ok else "not ok"} {i} - {message}')
sys.exit(0 if all(ok for ok, _ in results) else 1)

#!/usr/bin/env python3
# check-layout.py SOURCE_ROOT — keeps HACKING.md's "Layout" true (issue 28,
# point 6), from the files themselves:
#
#  1. no source file of src/ is longer than 900 lines, but the demangler and
#     the GPU tables, which are one table or one algorithm each;
#  2. the readers of file formats live in src/lib/import/: every reader
#     (`const ImportReader _cuocc_import_X_reader = {`), the formats' table
#     and the private header they share are there, and no file of src/lib
#     outside it is named for a reader;
#  3. every function libcuocc's installed headers declare (CUOCC_AVAILABLE)
#     is called, or named (a cleanup function, a callback), somewhere in
#     src/ besides its definition and its declaration: a public function
#     only the tests call is dead, and goes or gets its caller (a
#     reference-counted type's _ref goes with its _unref).
#
# TAP output; a failure says what to do.

import glob
import os
import re
import sys

root = sys.argv[1]
MAX_LINES = 900
# One table or one algorithm each (HACKING.md, "Layout"): long, not tangled.
LONG_ALLOWED = {'src/lib/cuocc-demangle.c', 'src/lib/cuocc-gpu-data.c'}
# The file formats the import reads, one reader file each (src/lib/import/).
READER_FILES = ('cubin', 'cuobjdump', 'fatbin', 'ncu', 'ptx', 'ptxas', 'triton')


def rel(path):
    return os.path.relpath(path, root)


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read()


def strip_comments(text):
    return re.sub(r'/\*.*?\*/|//[^\n]*', ' ', text, flags=re.S)


sources = sorted(glob.glob(os.path.join(root, 'src', '**', '*.[ch]'), recursive=True))
results = []

# 1. File length.
for path in sources:
    n = read(path).count('\n')
    if n > MAX_LINES and rel(path) not in LONG_ALLOWED:
        results.append((False, f'{rel(path)} has {n} lines, more than {MAX_LINES}: split it by concern '
                               '(HACKING.md, "Layout")'))

# 2. The readers' place.
import_dir = os.path.join(root, 'src', 'lib', 'import')
for path in sources:
    text = strip_comments(read(path))
    for reader in re.findall(r'\bconst\s+ImportReader\s+(_cuocc_import_\w+)\s*=', text):
        if os.path.dirname(path) != import_dir:
            results.append((False, f'{rel(path)} defines the reader {reader}: readers live in src/lib/import/'))
for name in ('cuocc-import-private.h', 'cuocc-import-formats.c') + tuple(f'cuocc-import-{r}.c' for r in READER_FILES):
    if not os.path.exists(os.path.join(import_dir, name)):
        results.append((False, f'src/lib/import/{name} is missing: the readers, their table and their '
                               'private header live in src/lib/import/'))
    if os.path.exists(os.path.join(root, 'src', 'lib', name)):
        results.append((False, f'src/lib/{name} belongs in src/lib/import/'))

# 3. Every public function has a caller outside the tests.
public_headers = sorted(glob.glob(os.path.join(root, 'src', 'lib', 'cuocc-*.h')))
declared = set()
for h in public_headers:
    for decl in re.findall(r'CUOCC_AVAILABLE\b[^;]*;', strip_comments(read(h)), flags=re.S):
        m = re.search(r'\b(cuocc_\w+)\s*\(', decl)
        if m:
            declared.add(m.group(1))
texts = {}
for path in sources:
    text = strip_comments(read(path))
    if path.endswith('.h'):
        text = re.sub(r'CUOCC_AVAILABLE\b[^;]*;', ' ', text, flags=re.S)
    texts[path] = text
for name in sorted(declared):
    # A reference-counted type's _ref goes with its _unref, which is called.
    if name.endswith('_ref') and name[:-len('_ref')] + '_unref' in declared:
        continue
    definition = re.compile(r'^' + re.escape(name) + r'\s*\(', re.M)
    use = re.compile(r'(?<![\w])' + re.escape(name) + r'(?![\w])')
    users = [rel(p) for p, t in texts.items() if use.search(definition.sub(' ', t))]
    if not users:
        results.append((False, f'{name} () is public (CUOCC_AVAILABLE) but nothing in src/ calls it: '
                               'call it where the code does the same by hand, or remove it'))
if not declared:
    results.append((False, 'found no CUOCC_AVAILABLE declaration in src/lib/cuocc-*.h'))

if not results:
    results.append((True, f'no file of src/ over {MAX_LINES} lines but {", ".join(sorted(LONG_ALLOWED))}; '
                          f'the readers in src/lib/import/; all {len(declared)} public functions called'))

print(f'1..{len(results)}')
for i, (ok, message) in enumerate(results, 1):
    print(f'{"ok" if ok else "not ok"} {i} - {message}')
sys.exit(0 if all(ok for ok, _ in results) else 1)

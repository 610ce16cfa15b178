/* cuocc-workers.c — the app's worker threads that start processes, counted
 * so that the app ends only once they have stopped them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A worker that assembles PTX runs ptxas, each run in a process group of its
 * own (so that a cancel kills what ptxas started too), with its input in a
 * folder of TMPDIR. Cancelled, it kills those groups and removes the folder
 * before it returns (cuocc_kernel_list_assemble_ptx ()). A process group of
 * its own is not ended with the app, though: an app that exited before its
 * cancelled workers returned left ptxas running and the folder behind. So
 * each such worker is counted from its start to its task's callback (both
 * on the main thread), and the application, as it shuts down (the last
 * window closed, Ctrl+Q, a signal), runs the main loop until none is left
 * (cuocc_workers_wait ()), after its windows cancelled theirs.
 */
#include "config.h"

#include "cuocc-workers.h"

/* Main thread only. */
static guint n_running;

/* A worker that may start processes was started. */
void
cuocc_workers_begin (void)
{
  n_running++;
}

/* Its task's callback ran: the worker returned, its processes gone. */
void
cuocc_workers_end (void)
{
  g_assert (n_running > 0);
  n_running--;
}

/* Runs the main loop until every worker's callback has run. Their work
 * must have been cancelled, or this waits for it to end. */
void
cuocc_workers_wait (void)
{
  while (n_running > 0)
    g_main_context_iteration (NULL, TRUE);
}

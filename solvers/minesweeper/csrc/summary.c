/* What a look-ahead needs from an analysed board: the safest living cells, and dead cells.
 *
 * A cell is dead when the number it would show is already decided: revealing it tells
 * nothing. Cheap sufficient test: its covered neighbours are none, or they (with or without
 * the cell itself) are exactly the covered cells of one number, whose mine count is known.
 */
#include <math.h>

#include "engine.h"

static int same_set(const int *a, int na, const int *b, int nb) {
    if (na != nb) return 0;
    for (int i = 0; i < na; i++) {
        int found = 0;
        for (int j = 0; j < nb && !found; j++) found = a[i] == b[j];
        if (!found) return 0;
    }
    return 1;
}

int ms_is_dead(const MsAnalysis *a, const unsigned char *cells, int c) {
    int around[9], n = 0;
    int r = c / a->cols, col = c % a->cols;
    for (int rr = r - 1; rr <= r + 1; rr++) {
        if (rr < 0 || rr >= a->rows) continue;
        for (int cc = col - 1; cc <= col + 1; cc++) {
            if (cc < 0 || cc >= a->cols || (rr == r && cc == col)) continue;
            int j = rr * a->cols + cc;
            if (cells[j] == MS_UNKNOWN || cells[j] == MS_QUESTION) around[n++] = j;
        }
    }
    if (n == 0) return 1;
    int with_self[9];
    for (int i = 0; i < n; i++) with_self[i] = around[i];
    with_self[n] = c;
    /* a number whose covered cells are exactly ours, with or without us */
    for (int pass = 0; pass < 2; pass++) {
        int probe = pass == 0 ? c : around[0];
        int b = a->box_of[probe];
        if (b < 0) continue;
        for (int k = 0; k < a->box[b].nwit; k++) {
            const MsWitness *w = &a->wit[a->box[b].wit[k]];
            if (same_set(w->cells, w->ncells, with_self, n + 1)) return 1;
            if (same_set(w->cells, w->ncells, around, n)) return 1;
        }
    }
    return 0;
}

void ms_summary(const MsAnalysis *a, const unsigned char *cells, MsSummary *s) {
    s->best1 = s->best2 = 0;
    s->safe = 0;
    for (int i = 0; i < a->n; i++) {
        if (cells[i] != MS_UNKNOWN && cells[i] != MS_QUESTION) continue;
        double p = a->probs[i];
        if (p >= 1.0) continue;
        double safety = 1.0 - p;
        if (p == 0.0) s->safe++;  /* certainly safe cells count, dead or not */
        else if (ms_is_dead(a, cells, i)) continue;
        if (safety > s->best2) {
            if (safety > s->best1) {
                s->best2 = s->best1;
                s->best1 = safety;
            } else {
                s->best2 = safety;
            }
        }
    }
    if (s->best2 == 0 && s->best1 > 0) s->best2 = s->best1;
}

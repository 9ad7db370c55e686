/* The XP rule's probabilities: each layout weighted by 1 + the run of mines it has from the
 * top-left corner in reading order (relocation.py derives it and is the exact reference).
 *
 * The weighted count is the plain count plus, for each prefix p0..pk of the chain, the count
 * with that prefix forced to be mines. Forcing frontier cells changes the frontier, so each
 * prefix of the chain's frontier cells is a group with its own board (those cells flagged);
 * forcing interior cells only changes the binomial weights, so a group's terms are summed in
 * one pass. Terms shrink as the chain grows; once all that remain cannot reach 2^-60 of the sum
 * so far, they are left out (no double would change).
 */
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "engine.h"

#define MS_WRONG_FLAG 14
#define NEGLIGIBLE (-41.6) /* log(2^-60) */

static int covered(unsigned char v) { return v == MS_UNKNOWN || v == MS_QUESTION; }
static int known_mine(unsigned char v) { return v == MS_FLAG || v == MS_MINE || v == MS_EXPLODED; }

static double log_add(double a, double b) {
    if (a == -INFINITY) return b;
    if (b == -INFINITY) return a;
    return a > b ? a + log1p(exp(b - a)) : b + log1p(exp(a - b));
}

typedef struct {
    const int *jt;      /* interior chain cells each term forces, ascending */
    int nt;
    int first;          /* index of the group's first term among all terms */
    int total_terms;
    const int *ichain;  /* interior chain cells, in chain order */
    int nich;
} Terms;

/* Solve one group's board (built in `ag`) into ag->probs. Returns MS_OK and sets *log_z (its
   weighted count), *plain (a plain interior cell's probability) and *kept (terms used: fewer
   than nt when the rest are negligible against *log_sofar, which grows by this group). */
static int solve_group(MsAnalysis *ag, const unsigned char *cells, const Terms *t,
                       double *log_sofar, double *log_z, double *plain, int *kept) {
    MsSum s;
    double *gt = NULL, *G = NULL, *dsum = NULL;
    int rc = ms_sum_components(ag, &s);
    if (rc != MS_OK) goto done;
    rc = MS_NO_MEMORY;
    int len = s.len, ni = ag->ninterior, left = ag->mines_left;
    gt = malloc(sizeof(double) * (size_t)t->nt * len);
    G = calloc(len, sizeof(double));
    dsum = calloc(t->nt + 1, sizeof(double));
    if (!gt || !G || !dsum) goto done;
    double ref = -INFINITY;
    for (int k = 0; k < len; k++) {
        double lb = ms_log_binom(ni - t->jt[0], left - k - t->jt[0]);
        if (lb > ref && s.all[k] > 0) ref = lb;
    }
    if (ref == -INFINITY) {
        rc = MS_NO_SOLUTION;
        goto done;
    }
    double z = 0, free_num = 0;
    int used = 0;
    for (int q = 0; q < t->nt; q++) {
        int j = t->jt[q];
        double *g = gt + (size_t)q * len, zq = 0, bq = 0;
        for (int k = 0; k < len; k++) {
            g[k] = exp(ms_log_binom(ni - j, left - k - j) - ref);
            zq += s.all[k] * g[k];
            if (ni - j > 0) bq += s.all[k] * g[k] * (double)(left - k - j) / (ni - j);
        }
        if (!(zq > 0)) break; /* this term and every later one force more than fits */
        double lz = log(zq) + ref + s.logscale;
        if (log((double)(t->total_terms - t->first - q)) + lz < *log_sofar + NEGLIGIBLE) break;
        *log_sofar = log_add(*log_sofar, lz);
        for (int k = 0; k < len; k++) G[k] += g[k];
        z += zq;
        free_num += bq;
        dsum[q] = zq - bq; /* the share of term q's count where a forced cell is the mine */
        used++;
    }
    *kept = used;
    if (used == 0) {
        rc = MS_OK;
        *log_z = -INFINITY;
        goto done;
    }
    ms_fixed_probs(ag, cells);
    *plain = ni > 0 ? free_num / z : NAN;
    for (int i = 0; i < ag->n; i++)
        if (covered(cells[i]) && ag->box_of[i] < 0) ag->probs[i] = *plain;
    /* the c-th interior chain cell (from 1) is forced by the terms with j >= c */
    int top = t->jt[used - 1];
    double forced = 0;
    int q = used;
    for (int c = top; c >= 1; c--) {
        while (q > 0 && t->jt[q - 1] >= c) forced += dsum[--q];
        if (c <= t->nich) ag->probs[t->ichain[c - 1]] = (free_num + forced) / z;
    }
    ms_frontier_probs(ag, &s, G, z);
    *log_z = log(z) + ref + s.logscale;
    rc = MS_OK;
done:
    ms_sum_free(&s);
    free(gt);
    free(G);
    free(dsum);
    return rc;
}

int ms_solve_xp(MsAnalysis *a, const unsigned char *cells, int mines, int click) {
    int n = a->n;
    if (click < 0 || click >= n || covered(cells[click]) || known_mine(cells[click]) ||
        cells[click] == MS_WRONG_FLAG)
        return ms_solve(a, cells);
    int *chain = malloc(sizeof(int) * (n + 1));
    int *term_g = malloc(sizeof(int) * (n + 2));
    int *term_j = malloc(sizeof(int) * (n + 2));
    int *ichain = malloc(sizeof(int) * (n + 1));
    int *fchain = malloc(sizeof(int) * (n + 1));
    unsigned char *work = malloc(n);
    double *acc = calloc(n, sizeof(double));
    int rc = MS_NO_MEMORY;
    if (!chain || !term_g || !term_j || !ichain || !fchain || !work || !acc) goto done;
    int len = 0, nich = 0, nf = 0;
    for (int i = 0; i < n; i++) {
        if (i == click) continue;
        if (!covered(cells[i]) && !known_mine(cells[i])) break;
        chain[len++] = i;
    }
    if (len == 0) {
        rc = ms_solve(a, cells);
        goto done;
    }
    /* terms: 0 is the plain count; term k + 1 forces chain[0..k] */
    int nterms = len + 1;
    term_g[0] = term_j[0] = 0;
    for (int k = 0; k < len; k++) {
        int x = chain[k];
        if (covered(cells[x]) && a->box_of[x] < 0) ichain[nich++] = x;
        else if (covered(cells[x])) fchain[nf++] = x;
        term_g[k + 1] = nf;
        term_j[k + 1] = nich;
    }
    memcpy(work, cells, n);
    double log0 = 0, wsum = 0, plain_acc = 0, log_sofar = -INFINITY;
    int first = 0;
    for (int g = 0; g <= nf; g++) {
        int last = first;
        while (last < nterms && term_g[last] == g) last++;
        Terms t = {term_j + first, last - first, first, nterms, ichain, nich};
        MsAnalysis ag, *pa = a;
        if (g > 0) {
            work[fchain[g - 1]] = MS_FLAG;
            int b = ms_build(&ag, work, a->rows, a->cols, mines);
            if (b != MS_OK) {
                ms_free(&ag);
                if (b == MS_NO_MEMORY || b == MS_TOO_BIG) {
                    rc = b;
                    goto done;
                }
                break; /* the numbers cannot take this many forced mines, nor more */
            }
            pa = &ag;
        }
        double log_z = -INFINITY, plain = NAN;
        int kept = 0;
        int r = solve_group(pa, work, &t, &log_sofar, &log_z, &plain, &kept);
        if (r != MS_OK) {
            if (g > 0) ms_free(&ag);
            if (g == 0 || r == MS_NO_MEMORY || r == MS_TOO_BIG) {
                rc = r;
                goto done;
            }
            break;
        }
        if (kept > 0) {
            if (g == 0) log0 = log_z;
            double w = exp(log_z - log0);
            for (int i = 0; i < n; i++)
                if (covered(cells[i])) acc[i] += w * pa->probs[i];
            wsum += w;
            if (!isnan(plain)) plain_acc += w * plain;
        }
        if (g > 0) ms_free(&ag);
        if (kept < t.nt) break; /* the rest is negligible or impossible */
        first = last;
    }
    ms_fixed_probs(a, cells);
    for (int i = 0; i < n; i++)
        if (covered(cells[i])) a->probs[i] = acc[i] / wsum;
    a->log_solutions = log0 + log(wsum);
    a->interior_prob = a->ninterior > nich ? plain_acc / wsum : NAN;
    rc = MS_OK;
done:
    free(chain);
    free(term_g);
    free(term_j);
    free(ichain);
    free(fchain);
    free(work);
    free(acc);
    return rc;
}

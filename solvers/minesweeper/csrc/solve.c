/* Combine component counts with the interior into exact probabilities (see probability.py). */
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "engine.h"

static double log_binom(int n, int k) {
    if (k < 0 || k > n) return -INFINITY;
    return lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0);
}

/* out[0..la+lb] = a[0..la] * b[0..lb] */
static void convolve(const double *a, int la, const double *b, int lb, double *out) {
    for (int k = 0; k <= la + lb; k++) out[k] = 0;
    for (int i = 0; i <= la; i++) {
        if (a[i] == 0) continue;
        for (int j = 0; j <= lb; j++) out[i + j] += a[i] * b[j];
    }
}

int ms_solve(MsAnalysis *a, const unsigned char *cells) {
    int n = a->n, nb = a->nbox, rc = MS_NO_MEMORY;
    int *comp_of = malloc(sizeof(int) * (nb + 1));
    int *stack = malloc(sizeof(int) * (nb + 1));
    int *members = malloc(sizeof(int) * (nb + 1));
    int *start = malloc(sizeof(int) * (nb + 2));
    MsCounts *counts = NULL;
    double *pre = NULL, *suf = NULL, *tmp = NULL, *g = NULL, *rest = NULL;
    int ncomp = 0;
    if (!comp_of || !stack || !members || !start) goto done;
    for (int b = 0; b < nb; b++) comp_of[b] = -1;
    /* components: boxes linked by shared witnesses */
    int nm = 0;
    for (int b0 = 0; b0 < nb; b0++) {
        if (comp_of[b0] >= 0) continue;
        start[ncomp] = nm;
        int top = 0;
        stack[top++] = b0;
        comp_of[b0] = ncomp;
        while (top) {
            int b = stack[--top];
            members[nm++] = b;
            for (int j = 0; j < a->box[b].nwit; j++) {
                const MsWitness *w = &a->wit[a->box[b].wit[j]];
                for (int q = 0; q < w->nboxes; q++) {
                    int o = w->boxes[q];
                    if (comp_of[o] < 0) {
                        comp_of[o] = ncomp;
                        stack[top++] = o;
                    }
                }
            }
        }
        ncomp++;
    }
    start[ncomp] = nm;
    counts = calloc(ncomp + 1, sizeof(MsCounts));
    if (!counts) goto done;
    int total_max = 0;
    double logscale = 0;
    for (int c = 0; c < ncomp; c++) {
        int r = ms_count_component(a, members + start[c], start[c + 1] - start[c], &counts[c]);
        if (r != MS_OK) {
            rc = r;
            goto done;
        }
        int any = 0;
        for (int m = 0; m <= counts[c].maxm; m++) any |= counts[c].weight[m] > 0;
        if (!any) {
            a->error_cell = a->wit[a->box[members[start[c]]].wit[0]].cell;
            rc = MS_NO_SOLUTION;
            goto done;
        }
        total_max += counts[c].maxm;
        logscale += counts[c].logscale;
    }
    int len = total_max + 1;
    pre = calloc((size_t)(ncomp + 1) * len, sizeof(double));
    suf = calloc((size_t)(ncomp + 1) * len, sizeof(double));
    tmp = calloc(len, sizeof(double));
    g = calloc(len, sizeof(double));
    rest = calloc(len, sizeof(double));
    if (!pre || !suf || !tmp || !g || !rest) goto done;
    /* pre[c] = product of components before c; suf[c] = product of components c.. */
    int *plen = stack;  /* reused as prefix lengths (ncomp + 1 <= nb + 1) */
    pre[0] = 1;
    plen[0] = 0;
    for (int c = 0; c < ncomp; c++) {
        convolve(pre + (size_t)c * len, plen[c], counts[c].weight, counts[c].maxm,
                 pre + (size_t)(c + 1) * len);
        plen[c + 1] = plen[c] + counts[c].maxm;
    }
    int *sl = malloc(sizeof(int) * (ncomp + 1));
    if (!sl) goto done;
    suf[(size_t)ncomp * len] = 1;
    sl[ncomp] = 0;
    for (int c = ncomp - 1; c >= 0; c--) {
        convolve(suf + (size_t)(c + 1) * len, sl[c + 1], counts[c].weight, counts[c].maxm,
                 suf + (size_t)c * len);
        sl[c] = sl[c + 1] + counts[c].maxm;
    }
    /* interior weights g[k] = C(interior, left - k), scaled by the largest */
    int ni = a->ninterior, left = a->mines_left;
    double ref = -INFINITY;
    for (int k = 0; k < len; k++) {
        double lb = log_binom(ni, left - k);
        if (lb > ref && pre[(size_t)ncomp * len + k] > 0) ref = lb;
    }
    if (ref == -INFINITY) {
        free(sl);
        rc = MS_NO_SOLUTION;
        goto done;
    }
    for (int k = 0; k < len; k++) g[k] = exp(log_binom(ni, left - k) - ref);
    double z = 0, expected = 0;
    const double *all = pre + (size_t)ncomp * len;
    for (int k = 0; k < len; k++) {
        z += all[k] * g[k];
        expected += all[k] * g[k] * (left - k);
    }
    if (!(z > 0)) {
        free(sl);
        rc = MS_NO_SOLUTION;
        goto done;
    }
    a->log_solutions = log(z) + ref + logscale;
    for (int i = 0; i < n; i++) {
        unsigned char v = cells[i];
        a->probs[i] = (v == MS_FLAG || v == MS_MINE || v == MS_EXPLODED) ? 1.0 : NAN;
    }
    a->interior_prob = ni > 0 ? expected / (z * ni) : NAN;
    if (ni > 0)
        for (int i = 0; i < n; i++)
            if ((cells[i] == MS_UNKNOWN || cells[i] == MS_QUESTION) && a->box_of[i] < 0)
                a->probs[i] = a->interior_prob;
    for (int c = 0; c < ncomp; c++) {
        int ol = plen[c] + sl[c + 1];
        convolve(pre + (size_t)c * len, plen[c], suf + (size_t)(c + 1) * len, sl[c + 1], tmp);
        const MsCounts *cc = &counts[c];
        for (int m = 0; m <= cc->maxm; m++) {
            double s = 0;
            for (int k = 0; k <= ol && m + k < len; k++) s += tmp[k] * g[m + k];
            rest[m] = s;
        }
        for (int q = 0; q < cc->nb; q++) {
            int b = members[start[c] + q];
            double num = 0;
            for (int m = 0; m <= cc->maxm; m++) num += cc->tally[(size_t)m * cc->nb + q] * rest[m];
            double p = num / (z * a->box[b].ncells);
            if (p < 0) p = 0;
            if (p > 1 - 1e-10) p = 1;  /* summed tallies round; a certain mine is exactly 1 */
            for (int j = 0; j < a->box[b].ncells; j++) a->probs[a->box[b].cells[j]] = p;
        }
    }
    free(sl);
    rc = MS_OK;
done:
    if (counts)
        for (int c = 0; c < ncomp; c++) ms_counts_free(&counts[c]);
    free(counts);
    free(comp_of);
    free(stack);
    free(members);
    free(start);
    free(pre);
    free(suf);
    free(tmp);
    free(g);
    free(rest);
    return rc;
}

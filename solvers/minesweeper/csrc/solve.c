/* Combine component counts with the interior into exact probabilities (see probability.py). */
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "engine.h"

double ms_log_binom(int n, int k) {
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

void ms_sum_free(MsSum *s) {
    if (s->counts)
        for (int c = 0; c < s->ncomp; c++) ms_counts_free(&s->counts[c]);
    free(s->counts);
    free(s->members);
    free(s->start);
    free(s->pre);
    free(s->suf);
    free(s->plen);
    free(s->sl);
    free(s->tmp);
    free(s->rest);
    memset(s, 0, sizeof(*s));
}

int ms_sum_components(MsAnalysis *a, MsSum *s) {
    int nb = a->nbox, rc = MS_NO_MEMORY;
    memset(s, 0, sizeof(*s));
    int *comp_of = malloc(sizeof(int) * (nb + 1));
    int *stack = malloc(sizeof(int) * (nb + 1));
    s->members = malloc(sizeof(int) * (nb + 1));
    s->start = malloc(sizeof(int) * (nb + 2));
    if (!comp_of || !stack || !s->members || !s->start) goto done;
    for (int b = 0; b < nb; b++) comp_of[b] = -1;
    /* components: boxes linked by shared witnesses */
    int nm = 0, ncomp = 0;
    for (int b0 = 0; b0 < nb; b0++) {
        if (comp_of[b0] >= 0) continue;
        s->start[ncomp] = nm;
        int top = 0;
        stack[top++] = b0;
        comp_of[b0] = ncomp;
        while (top) {
            int b = stack[--top];
            s->members[nm++] = b;
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
    s->start[ncomp] = nm;
    s->counts = calloc(ncomp + 1, sizeof(MsCounts));
    if (!s->counts) goto done;
    s->ncomp = ncomp;
    int total_max = 0;
    for (int c = 0; c < ncomp; c++) {
        int r = ms_count_component(a, s->members + s->start[c], s->start[c + 1] - s->start[c],
                                   &s->counts[c]);
        if (r != MS_OK) {
            rc = r;
            goto done;
        }
        int any = 0;
        for (int m = 0; m <= s->counts[c].maxm; m++) any |= s->counts[c].weight[m] > 0;
        if (!any) {
            a->error_cell = a->wit[a->box[s->members[s->start[c]]].wit[0]].cell;
            rc = MS_NO_SOLUTION;
            goto done;
        }
        total_max += s->counts[c].maxm;
        s->logscale += s->counts[c].logscale;
    }
    int len = s->len = total_max + 1;
    s->pre = calloc((size_t)(ncomp + 1) * len, sizeof(double));
    s->suf = calloc((size_t)(ncomp + 1) * len, sizeof(double));
    s->plen = malloc(sizeof(int) * (ncomp + 1));
    s->sl = malloc(sizeof(int) * (ncomp + 1));
    s->tmp = calloc(len, sizeof(double));
    s->rest = calloc(len, sizeof(double));
    if (!s->pre || !s->suf || !s->plen || !s->sl || !s->tmp || !s->rest) goto done;
    /* pre[c] = product of components before c; suf[c] = product of components c.. */
    s->pre[0] = 1;
    s->plen[0] = 0;
    for (int c = 0; c < ncomp; c++) {
        convolve(s->pre + (size_t)c * len, s->plen[c], s->counts[c].weight, s->counts[c].maxm,
                 s->pre + (size_t)(c + 1) * len);
        s->plen[c + 1] = s->plen[c] + s->counts[c].maxm;
    }
    s->suf[(size_t)ncomp * len] = 1;
    s->sl[ncomp] = 0;
    for (int c = ncomp - 1; c >= 0; c--) {
        convolve(s->suf + (size_t)(c + 1) * len, s->sl[c + 1], s->counts[c].weight,
                 s->counts[c].maxm, s->suf + (size_t)c * len);
        s->sl[c] = s->sl[c + 1] + s->counts[c].maxm;
    }
    s->all = s->pre + (size_t)ncomp * len;
    rc = MS_OK;
done:
    free(comp_of);
    free(stack);
    return rc;
}

void ms_frontier_probs(MsAnalysis *a, MsSum *s, const double *g, double z) {
    int len = s->len;
    for (int c = 0; c < s->ncomp; c++) {
        int ol = s->plen[c] + s->sl[c + 1];
        convolve(s->pre + (size_t)c * len, s->plen[c], s->suf + (size_t)(c + 1) * len,
                 s->sl[c + 1], s->tmp);
        const MsCounts *cc = &s->counts[c];
        for (int m = 0; m <= cc->maxm; m++) {
            double t = 0;
            for (int k = 0; k <= ol && m + k < len; k++) t += s->tmp[k] * g[m + k];
            s->rest[m] = t;
        }
        for (int q = 0; q < cc->nb; q++) {
            int b = s->members[s->start[c] + q];
            double num = 0;
            for (int m = 0; m <= cc->maxm; m++)
                num += cc->tally[(size_t)m * cc->nb + q] * s->rest[m];
            double p = num / (z * a->box[b].ncells);
            if (p < 0) p = 0;
            if (p > 1 - 1e-10) p = 1;  /* summed tallies round; a certain mine is exactly 1 */
            for (int j = 0; j < a->box[b].ncells; j++) a->probs[a->box[b].cells[j]] = p;
        }
    }
}

void ms_fixed_probs(MsAnalysis *a, const unsigned char *cells) {
    for (int i = 0; i < a->n; i++) {
        unsigned char v = cells[i];
        a->probs[i] = (v == MS_FLAG || v == MS_MINE || v == MS_EXPLODED) ? 1.0 : NAN;
    }
}

int ms_solve(MsAnalysis *a, const unsigned char *cells) {
    MsSum s;
    double *g = NULL;
    int rc = ms_sum_components(a, &s);
    if (rc != MS_OK) goto done;
    rc = MS_NO_MEMORY;
    int len = s.len;
    g = calloc(len, sizeof(double));
    if (!g) goto done;
    /* interior weights g[k] = C(interior, left - k), scaled by the largest */
    int ni = a->ninterior, left = a->mines_left;
    double ref = -INFINITY;
    for (int k = 0; k < len; k++) {
        double lb = ms_log_binom(ni, left - k);
        if (lb > ref && s.all[k] > 0) ref = lb;
    }
    if (ref == -INFINITY) {
        rc = MS_NO_SOLUTION;
        goto done;
    }
    for (int k = 0; k < len; k++) g[k] = exp(ms_log_binom(ni, left - k) - ref);
    double z = 0, expected = 0;
    for (int k = 0; k < len; k++) {
        z += s.all[k] * g[k];
        expected += s.all[k] * g[k] * (left - k);
    }
    if (!(z > 0)) {
        rc = MS_NO_SOLUTION;
        goto done;
    }
    a->log_solutions = log(z) + ref + s.logscale;
    ms_fixed_probs(a, cells);
    a->interior_prob = ni > 0 ? expected / (z * ni) : NAN;
    if (ni > 0)
        for (int i = 0; i < a->n; i++)
            if ((cells[i] == MS_UNKNOWN || cells[i] == MS_QUESTION) && a->box_of[i] < 0)
                a->probs[i] = a->interior_prob;
    ms_frontier_probs(a, &s, g, z);
    rc = MS_OK;
done:
    ms_sum_free(&s);
    free(g);
    return rc;
}

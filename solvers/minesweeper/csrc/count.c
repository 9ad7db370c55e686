/* Counting one component by mine total, memoised over the live boundary (see counting.py). */
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "engine.h"

static const double BINOM[9][9] = {
    {1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}, {1, 5, 10, 10, 5, 1},
    {1, 6, 15, 20, 15, 6, 1}, {1, 7, 21, 35, 35, 21, 7, 1}, {1, 8, 28, 56, 70, 56, 28, 8, 1},
};

/* A growable pool of partial solutions: mines, per-box allocation, weight and tallies. */
typedef struct {
    int nb, count, cap;
    int *mines;
    unsigned char *alloc;  /* count x nb */
    double *wt;            /* count x (nb + 1): weight then tallies */
} Pool;

static int pool_reserve(Pool *p, int need) {
    if (need <= p->cap) return 1;
    int cap = p->cap ? p->cap : 64;
    while (cap < need) cap *= 2;
    int *m = realloc(p->mines, sizeof(int) * cap);
    if (!m) return 0;
    p->mines = m;
    unsigned char *al = realloc(p->alloc, (size_t)cap * p->nb);
    if (!al) return 0;
    p->alloc = al;
    double *wt = realloc(p->wt, sizeof(double) * (size_t)cap * (p->nb + 1));
    if (!wt) return 0;
    p->wt = wt;
    p->cap = cap;
    return 1;
}

static void pool_free(Pool *p) {
    free(p->mines);
    free(p->alloc);
    free(p->wt);
}

/* sort context for merging states that agree on mines and live boxes */
static const Pool *g_pool;
static const int *g_live;
static int g_nlive;

static int state_cmp(const void *x, const void *y) {
    int i = *(const int *)x, j = *(const int *)y;
    if (g_pool->mines[i] != g_pool->mines[j]) return g_pool->mines[i] - g_pool->mines[j];
    const unsigned char *ai = g_pool->alloc + (size_t)i * g_pool->nb;
    const unsigned char *aj = g_pool->alloc + (size_t)j * g_pool->nb;
    for (int k = 0; k < g_nlive; k++) {
        int b = g_live[k];
        if (ai[b] != aj[b]) return (int)ai[b] - (int)aj[b];
    }
    return i - j;
}

static int state_eq(const Pool *p, int i, int j, const int *live, int nlive) {
    if (p->mines[i] != p->mines[j]) return 0;
    const unsigned char *ai = p->alloc + (size_t)i * p->nb;
    const unsigned char *aj = p->alloc + (size_t)j * p->nb;
    for (int k = 0; k < nlive; k++)
        if (ai[live[k]] != aj[live[k]]) return 0;
    return 1;
}

typedef struct {
    int nnew;
    int news[8];
    int size[8];
} Spread;

/* add to `to` every extension of state s of `from` that puts `left` mines into new boxes */
static int spread(const Pool *from, int s, Pool *to, const Spread *sp, int idx, int left,
                  unsigned char *choice, double factor) {
    int lo = 0, hi = left < sp->size[idx] ? left : sp->size[idx];
    if (idx == sp->nnew - 1) {
        lo = left;
        if (left > sp->size[idx]) return 1;
    } else {
        int rest = 0;
        for (int k = idx + 1; k < sp->nnew; k++) rest += sp->size[k];
        if (left - rest > lo) lo = left - rest;
    }
    for (int m = lo; m <= hi; m++) {
        choice[idx] = (unsigned char)m;
        double f = factor * BINOM[sp->size[idx]][m];
        if (idx < sp->nnew - 1) {
            if (!spread(from, s, to, sp, idx + 1, left - m, choice, f)) return 0;
            continue;
        }
        if (!pool_reserve(to, to->count + 1)) return 0;
        int t = to->count++;
        int nb = from->nb;
        int added = 0;
        unsigned char *al = to->alloc + (size_t)t * nb;
        memcpy(al, from->alloc + (size_t)s * nb, nb);
        const double *src = from->wt + (size_t)s * (nb + 1);
        double *dst = to->wt + (size_t)t * (nb + 1);
        double w = src[0] * f;
        dst[0] = w;
        for (int k = 1; k <= nb; k++) dst[k] = src[k] * f;
        for (int k = 0; k < sp->nnew; k++) {
            al[sp->news[k]] = choice[k];
            dst[1 + sp->news[k]] = choice[k] * w;
            added += choice[k];
        }
        to->mines[t] = from->mines[s] + added;
    }
    return 1;
}

int ms_count_component(const MsAnalysis *a, const int *boxes, int nb, MsCounts *out) {
    memset(out, 0, sizeof(*out));
    int rc = MS_NO_MEMORY;
    int *local = malloc(sizeof(int) * (a->nbox + 1));
    int *wits = malloc(sizeof(int) * (a->nwit + 1));
    char *wdone = calloc(a->nwit + 1, 1);
    char *placed = calloc(nb + 1, 1);
    int *remaining = malloc(sizeof(int) * (nb + 1));
    int *live = malloc(sizeof(int) * (nb + 1));
    int *order = NULL;
    Pool cur = {0}, nxt = {0};
    cur.nb = nxt.nb = nb;
    if (!local || !wits || !wdone || !placed || !remaining || !live) goto done;
    for (int k = 0; k < a->nbox; k++) local[k] = -1;
    int nw = 0;
    for (int k = 0; k < nb; k++) {
        local[boxes[k]] = k;
        remaining[k] = a->box[boxes[k]].nwit;
        for (int j = 0; j < a->box[boxes[k]].nwit; j++) {
            int w = a->box[boxes[k]].wit[j];
            if (!wdone[w]) {
                wdone[w] = 1;
                wits[nw++] = w;
            }
        }
    }
    if (!pool_reserve(&cur, 1)) goto done;
    cur.count = 1;
    cur.mines[0] = 0;
    memset(cur.alloc, 0, nb);
    memset(cur.wt, 0, sizeof(double) * (nb + 1));
    cur.wt[0] = 1.0;
    order = malloc(sizeof(int) * (cur.cap > 1 ? cur.cap : 1));
    int order_cap = cur.cap;
    if (!order) goto done;
    for (int k = 0; k < nw; k++) wdone[wits[k]] = 0;
    for (int step = 0; step < nw; step++) {
        /* next witness: touching placed boxes, fewest new boxes */
        int best = -1, best_key = 1 << 30;
        for (int k = 0; k < nw; k++) {
            int w = wits[k];
            if (wdone[w]) continue;
            const MsWitness *wt = &a->wit[w];
            int nnew = 0;
            for (int j = 0; j < wt->nboxes; j++) nnew += !placed[local[wt->boxes[j]]];
            int key = (nnew < wt->nboxes || step == 0) ? nnew : nnew + 1000;
            if (key < best_key) {
                best_key = key;
                best = w;
            }
        }
        wdone[best] = 1;
        const MsWitness *wt = &a->wit[best];
        Spread sp = {0};
        int old[8], nold = 0;
        for (int j = 0; j < wt->nboxes; j++) {
            int b = local[wt->boxes[j]];
            if (placed[b]) old[nold++] = b;
            else {
                sp.news[sp.nnew] = b;
                sp.size[sp.nnew++] = a->box[wt->boxes[j]].ncells;
            }
            remaining[b]--;
        }
        for (int j = 0; j < sp.nnew; j++) placed[sp.news[j]] = 1;
        int nlive = 0;
        for (int b = 0; b < nb; b++)
            if (placed[b] && remaining[b] > 0) live[nlive++] = b;
        nxt.count = 0;
        unsigned char choice[8];
        for (int s = 0; s < cur.count; s++) {
            const unsigned char *al = cur.alloc + (size_t)s * nb;
            int missing = wt->need;
            for (int j = 0; j < nold; j++) missing -= al[old[j]];
            if (missing < 0) continue;
            if (sp.nnew == 0) {
                if (missing != 0) continue;
                if (!pool_reserve(&nxt, nxt.count + 1)) goto done;
                int t = nxt.count++;
                nxt.mines[t] = cur.mines[s];
                memcpy(nxt.alloc + (size_t)t * nb, al, nb);
                memcpy(nxt.wt + (size_t)t * (nb + 1), cur.wt + (size_t)s * (nb + 1),
                       sizeof(double) * (nb + 1));
                continue;
            }
            if (!spread(&cur, s, &nxt, &sp, 0, missing, choice, 1.0)) goto done;
        }
        /* merge states equal on (mines, live allocation) into cur */
        if (order_cap < nxt.count) {
            free(order);
            order_cap = nxt.count * 2;
            order = malloc(sizeof(int) * order_cap);
            if (!order) goto done;
        }
        for (int t = 0; t < nxt.count; t++) order[t] = t;
        g_pool = &nxt;
        g_live = live;
        g_nlive = nlive;
        qsort(order, nxt.count, sizeof(int), state_cmp);
        cur.count = 0;
        if (!pool_reserve(&cur, nxt.count + 1)) goto done;
        double wmax = 0;
        for (int q = 0; q < nxt.count; q++) {
            int t = order[q];
            const double *src = nxt.wt + (size_t)t * (nb + 1);
            if (q > 0 && state_eq(&nxt, order[q - 1], t, live, nlive)) {
                double *dst = cur.wt + (size_t)(cur.count - 1) * (nb + 1);
                for (int k = 0; k <= nb; k++) dst[k] += src[k];
                if (dst[0] > wmax) wmax = dst[0];
                continue;
            }
            int c = cur.count++;
            cur.mines[c] = nxt.mines[t];
            memcpy(cur.alloc + (size_t)c * nb, nxt.alloc + (size_t)t * nb, nb);
            memcpy(cur.wt + (size_t)c * (nb + 1), src, sizeof(double) * (nb + 1));
            if (src[0] > wmax) wmax = src[0];
        }
        if (wmax > 1e200) {
            double inv = 1.0 / wmax;
            for (size_t k = 0; k < (size_t)cur.count * (nb + 1); k++) cur.wt[k] *= inv;
            out->logscale += log(wmax);
        }
        if (cur.count == 0) break;
    }
    /* crunch by mine total */
    int maxm = 0;
    for (int k = 0; k < nb; k++) maxm += a->box[boxes[k]].ncells;
    out->nb = nb;
    out->maxm = maxm;
    out->weight = calloc(maxm + 1, sizeof(double));
    out->tally = calloc((size_t)(maxm + 1) * nb, sizeof(double));
    if (!out->weight || !out->tally) goto done;
    for (int s = 0; s < cur.count; s++) {
        int m = cur.mines[s];
        const double *src = cur.wt + (size_t)s * (nb + 1);
        out->weight[m] += src[0];
        for (int k = 0; k < nb; k++) out->tally[(size_t)m * nb + k] += src[1 + k];
    }
    double wmax = 0;
    for (int m = 0; m <= maxm; m++)
        if (out->weight[m] > wmax) wmax = out->weight[m];
    if (wmax > 0) {
        for (int m = 0; m <= maxm; m++) out->weight[m] /= wmax;
        for (size_t k = 0; k < (size_t)(maxm + 1) * nb; k++) out->tally[k] /= wmax;
        out->logscale += log(wmax);
    }
    rc = MS_OK;
done:
    free(local);
    free(wits);
    free(wdone);
    free(placed);
    free(remaining);
    free(live);
    free(order);
    pool_free(&cur);
    pool_free(&nxt);
    return rc;
}

void ms_counts_free(MsCounts *c) {
    free(c->weight);
    free(c->tally);
    memset(c, 0, sizeof(*c));
}

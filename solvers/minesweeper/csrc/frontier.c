/* Witnesses, boxes and components from a board (see frontier.py for the same in Python). */
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "engine.h"

static int is_covered(unsigned char v) { return v == MS_UNKNOWN || v == MS_QUESTION; }
static int is_mine(unsigned char v) { return v == MS_FLAG || v == MS_MINE || v == MS_EXPLODED; }

/* key of a frontier cell: its witness list; used to sort cells into boxes */
typedef struct {
    int cell;
    int nwit;
    int wit[8];
} CellKey;

static int key_cmp(const void *x, const void *y) {
    const CellKey *a = x, *b = y;
    if (a->nwit != b->nwit) return a->nwit - b->nwit;
    for (int i = 0; i < a->nwit; i++)
        if (a->wit[i] != b->wit[i]) return a->wit[i] - b->wit[i];
    return a->cell - b->cell;
}

static int same_key(const CellKey *a, const CellKey *b) {
    if (a->nwit != b->nwit) return 0;
    for (int i = 0; i < a->nwit; i++)
        if (a->wit[i] != b->wit[i]) return 0;
    return 1;
}

int ms_build(MsAnalysis *a, const unsigned char *cells, int rows, int cols, int mines) {
    memset(a, 0, sizeof(*a));
    a->rows = rows;
    a->cols = cols;
    a->n = rows * cols;
    a->error_cell = -1;
    int n = a->n;
    a->wit = malloc(sizeof(MsWitness) * (n + 1));
    a->box_of = malloc(sizeof(int) * (n + 1));
    a->probs = malloc(sizeof(double) * (n + 1));
    CellKey *keys = malloc(sizeof(CellKey) * (n + 1));
    if (!a->wit || !a->box_of || !a->probs || !keys) {
        free(keys);
        return MS_NO_MEMORY;
    }
    int known = 0;
    for (int i = 0; i < n; i++) {
        a->box_of[i] = -1;
        if (is_mine(cells[i])) known++;
        if (is_covered(cells[i])) a->ncovered++;
    }
    a->mines_left = mines - known;
    if (a->mines_left < 0) {
        free(keys);
        return MS_NO_SOLUTION;
    }
    /* witnesses */
    for (int i = 0; i < n; i++) {
        if (cells[i] > 8) continue;
        int r = i / cols, c = i % cols;
        MsWitness w;
        w.cell = i;
        w.need = cells[i];
        w.ncells = 0;
        w.nboxes = 0;
        for (int rr = r - 1; rr <= r + 1; rr++) {
            if (rr < 0 || rr >= rows) continue;
            for (int cc = c - 1; cc <= c + 1; cc++) {
                if (cc < 0 || cc >= cols || (rr == r && cc == c)) continue;
                int j = rr * cols + cc;
                if (is_mine(cells[j])) w.need--;
                else if (is_covered(cells[j])) w.cells[w.ncells++] = j;
            }
        }
        if (w.need < 0 || w.need > w.ncells) {
            a->error_cell = i;
            free(keys);
            return MS_BAD_NUMBER;
        }
        if (w.ncells > 0) a->wit[a->nwit++] = w;
    }
    /* each frontier cell's witness list, in witness order */
    for (int i = 0; i < n; i++) keys[i].nwit = 0;
    for (int k = 0; k < a->nwit; k++) {
        MsWitness *w = &a->wit[k];
        for (int j = 0; j < w->ncells; j++) {
            CellKey *key = &keys[w->cells[j]];
            key->wit[key->nwit++] = k;
        }
    }
    int nf = 0;
    for (int i = 0; i < n; i++) {
        if (keys[i].nwit > 0) {
            keys[i].cell = i;
            keys[nf++] = keys[i];  /* compacting in place: nf <= i */
        }
    }
    qsort(keys, nf, sizeof(CellKey), key_cmp);
    a->box = malloc(sizeof(MsBox) * (nf + 1));
    if (!a->box) {
        free(keys);
        return MS_NO_MEMORY;
    }
    for (int i = 0; i < nf; i++) {
        if (i == 0 || !same_key(&keys[i], &keys[i - 1])) {
            MsBox *b = &a->box[a->nbox++];
            b->ncells = 0;
            b->nwit = keys[i].nwit;
            memcpy(b->wit, keys[i].wit, sizeof(int) * keys[i].nwit);
        }
        MsBox *b = &a->box[a->nbox - 1];
        if (b->ncells >= 8) {
            free(keys);
            return MS_TOO_BIG;
        }
        b->cells[b->ncells++] = keys[i].cell;
        a->box_of[keys[i].cell] = a->nbox - 1;
    }
    for (int b = 0; b < a->nbox; b++)
        for (int k = 0; k < a->box[b].nwit; k++) {
            MsWitness *w = &a->wit[a->box[b].wit[k]];
            w->boxes[w->nboxes++] = b;
        }
    a->ninterior = a->ncovered - nf;
    free(keys);
    return MS_OK;
}

void ms_free(MsAnalysis *a) {
    free(a->wit);
    free(a->box);
    free(a->box_of);
    free(a->probs);
    memset(a, 0, sizeof(*a));
}

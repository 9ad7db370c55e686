/* The C probability engine: same method as counting.py/probability.py, in doubles.
 *
 * A board is a byte per cell (Cell codes from state.py). The engine builds witnesses and
 * boxes, splits them into components, counts each component by mine total with the
 * boundary-memoised sweep, and combines them with the interior through binomial weights.
 */
#ifndef MS_ENGINE_H
#define MS_ENGINE_H

#include <stddef.h>

#define MS_UNKNOWN 9
#define MS_FLAG 10
#define MS_QUESTION 11
#define MS_MINE 12
#define MS_EXPLODED 13

#define MS_OK 0
#define MS_BAD_NUMBER 1    /* a number with too many flags or too few covered cells */
#define MS_NO_SOLUTION 2   /* the numbers contradict each other or the mine count */
#define MS_TOO_BIG 3       /* the board is beyond the engine's limits */
#define MS_NO_MEMORY 4

typedef struct {
    int cell;
    int need;
    int ncells;
    int cells[8];
    int nboxes;
    int boxes[8];
} MsWitness;

typedef struct {
    int ncells;
    int cells[8];         /* a box lies around one number, so at most 8 cells */
    int nwit;
    int wit[8];
} MsBox;

typedef struct {
    int rows, cols, n;
    int mines_left;
    int ncovered;
    int nwit;
    MsWitness *wit;
    int nbox;
    MsBox *box;
    int *box_of;          /* cell -> box index or -1 */
    int ninterior;
    /* results */
    double *probs;        /* per cell; NaN open, 1 known mine */
    double log_solutions;
    double interior_prob;
    int error_cell;
} MsAnalysis;

typedef struct {
    double best1, best2;  /* safeties of the two safest living covered cells */
    int safe;             /* certainly safe covered cells */
} MsSummary;

int ms_is_dead(const MsAnalysis *a, const unsigned char *cells, int c);
void ms_summary(const MsAnalysis *a, const unsigned char *cells, MsSummary *s);

int ms_build(MsAnalysis *a, const unsigned char *cells, int rows, int cols, int mines);
int ms_solve(MsAnalysis *a, const unsigned char *cells);
void ms_free(MsAnalysis *a);

/* one component's counts by mine total: weight[m] and tally[m * nb + b], scaled by exp(logscale) */
typedef struct {
    int nb;
    int maxm;
    double *weight;
    double *tally;
    double logscale;
} MsCounts;

int ms_count_component(const MsAnalysis *a, const int *boxes, int nb, MsCounts *out);
void ms_counts_free(MsCounts *c);

/* Every component counted and convolved: all[k] is the number of frontier layouts with k mines
   (scaled by exp(logscale)); pre/suf are the products before and after each component. */
typedef struct {
    int ncomp, len;
    int *members, *start;  /* boxes of component c: members[start[c] .. start[c + 1]) */
    MsCounts *counts;
    double *pre, *suf, *all;
    int *plen, *sl;
    double *tmp, *rest;    /* scratch for ms_frontier_probs */
    double logscale;
} MsSum;

double ms_log_binom(int n, int k);
int ms_sum_components(MsAnalysis *a, MsSum *s);
void ms_sum_free(MsSum *s);
/* frontier probabilities when k frontier mines leave g[k] interior fillings (total z) */
void ms_frontier_probs(MsAnalysis *a, MsSum *s, const double *g, double z);
/* probs: 1 for known mines, NaN elsewhere */
void ms_fixed_probs(MsAnalysis *a, const unsigned char *cells);
/* the XP rule's probabilities after the first click at `click` (see relocation.py) */
int ms_solve_xp(MsAnalysis *a, const unsigned char *cells, int mines, int click);

#endif

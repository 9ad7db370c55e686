/* Python binding of the C engine (the Python side is engine.py). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "engine.h"

/* How a function answers once the engine has run; `rc` is the engine's status (never
   MS_NO_MEMORY); `watch` the optional last argument (NULL if not given). Returns a new
   reference, or NULL with a Python error set. */
typedef PyObject *(*Reply)(const MsAnalysis *a, const unsigned char *cells, int rc,
                           PyObject *watch);

/* Parse (cells, rows, cols, mines[, xp_click[, watch]]), run the engine, answer with `reply`,
   free the analysis. xp_click >= 0: the XP rule's first click was that cell (see xp.c). */
static PyObject *call(PyObject *args, Reply reply) {
    const unsigned char *cells;
    Py_ssize_t len;
    int rows, cols, mines, rc, click = -1;
    PyObject *watch = NULL;
    MsAnalysis a;
    if (!PyArg_ParseTuple(args, "y#iii|iO", &cells, &len, &rows, &cols, &mines, &click, &watch))
        return NULL;
    if (rows < 1 || cols < 1 || len != (Py_ssize_t)rows * cols) {
        PyErr_SetString(PyExc_ValueError, "cells must hold rows * cols bytes");
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    rc = ms_build(&a, cells, rows, cols, mines);
    if (rc == MS_OK) rc = click >= 0 ? ms_solve_xp(&a, cells, mines, click) : ms_solve(&a, cells);
    Py_END_ALLOW_THREADS
    PyObject *out = rc == MS_NO_MEMORY ? PyErr_NoMemory() : reply(&a, cells, rc, watch);
    ms_free(&a);
    return out;
}

/* (probs, log_solutions, interior_prob, dead_cells), or (None, error_code, error_cell, 0) */
static PyObject *analysis_reply(const MsAnalysis *a, const unsigned char *cells, int rc,
                                PyObject *watch) {
    (void)watch;
    if (rc != MS_OK) return Py_BuildValue("(Oiii)", Py_None, rc, a->error_cell, 0);
    PyObject *probs = PyList_New(a->n);
    PyObject *dead = PyList_New(0);
    if (!probs || !dead) {
        Py_XDECREF(probs);
        Py_XDECREF(dead);
        return NULL;
    }
    for (int i = 0; i < a->n; i++) {
        PyList_SET_ITEM(probs, i, PyFloat_FromDouble(a->probs[i]));
        int covered = cells[i] == MS_UNKNOWN || cells[i] == MS_QUESTION;
        if (covered && a->probs[i] > 0 && a->probs[i] < 1 && ms_is_dead(a, cells, i)) {
            PyObject *k = PyLong_FromLong(i);
            PyList_Append(dead, k);
            Py_DECREF(k);
        }
    }
    return Py_BuildValue("(NddN)", probs, a->log_solutions, a->interior_prob, dead);
}

/* (log_solutions, best_safety, second_safety, safe_cells, watched), or None when no layout
   fits; watched: the mine probability of each cell index in `watch` (a sequence, may be absent:
   then an empty tuple) */
static PyObject *outcome_reply(const MsAnalysis *a, const unsigned char *cells, int rc,
                               PyObject *watch) {
    if (rc != MS_OK) Py_RETURN_NONE;
    MsSummary s;
    ms_summary(a, cells, &s);
    PyObject *seq = watch == NULL || watch == Py_None
        ? PyTuple_New(0) : PySequence_Fast(watch, "watch must be a sequence of cell indices");
    if (seq == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *watched = PyTuple_New(n);
    if (watched == NULL) {
        Py_DECREF(seq);
        return NULL;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        long cell = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
        if (cell == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            Py_DECREF(watched);
            return NULL;
        }
        if (cell < 0 || cell >= a->n) {
            Py_DECREF(seq);
            Py_DECREF(watched);
            PyErr_Format(PyExc_IndexError, "watched cell %ld is off the board", cell);
            return NULL;
        }
        PyTuple_SET_ITEM(watched, k, PyFloat_FromDouble(a->probs[cell]));
    }
    Py_DECREF(seq);
    return Py_BuildValue("(dddiN)", a->log_solutions, s.best1, s.best2, s.safe, watched);
}

static PyObject *analyse(PyObject *self, PyObject *args) {
    (void)self;
    return call(args, analysis_reply);
}

static PyObject *outcome(PyObject *self, PyObject *args) {
    (void)self;
    return call(args, outcome_reply);
}

static PyMethodDef methods[] = {
    {"analyse", analyse, METH_VARARGS,
     "analyse(cells, rows, cols, mines[, xp_click]) -> (probs, log_solutions, interior_prob,"
     " dead_cells) or (None, error_code, error_cell, 0)"},
    {"outcome", outcome, METH_VARARGS,
     "outcome(cells, rows, cols, mines[, xp_click[, watch]]) -> (log_solutions, best_safety,"
     " second_safety, safe_cells, watched) over living cells, or None when no layout fits;"
     " watched: the mine probabilities of the cells in watch"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_engine", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__engine(void) { return PyModule_Create(&module); }

/* Python binding of the C engine (the Python side is engine.py). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "engine.h"

/* parse the common arguments and run the engine; returns MS_* and fills `a` */
static int run(PyObject *args, MsAnalysis *a, const unsigned char **cells, int *ok) {
    Py_ssize_t len;
    int rows, cols, mines, rc;
    *ok = 0;
    if (!PyArg_ParseTuple(args, "y#iii", cells, &len, &rows, &cols, &mines)) return MS_OK;
    if (rows < 1 || cols < 1 || len != (Py_ssize_t)rows * cols) {
        PyErr_SetString(PyExc_ValueError, "cells must hold rows * cols bytes");
        return MS_OK;
    }
    *ok = 1;
    Py_BEGIN_ALLOW_THREADS
    rc = ms_build(a, *cells, rows, cols, mines);
    if (rc == MS_OK) rc = ms_solve(a, *cells);
    Py_END_ALLOW_THREADS
    return rc;
}

static PyObject *analyse(PyObject *self, PyObject *args) {
    const unsigned char *cells;
    MsAnalysis a;
    int ok;
    (void)self;
    int rc = run(args, &a, &cells, &ok);
    if (!ok) return NULL;
    if (rc == MS_NO_MEMORY) {
        ms_free(&a);
        return PyErr_NoMemory();
    }
    if (rc != MS_OK) {
        PyObject *out = Py_BuildValue("(Oiii)", Py_None, rc, a.error_cell, 0);
        ms_free(&a);
        return out;
    }
    PyObject *probs = PyList_New(a.n);
    PyObject *dead = PyList_New(0);
    if (!probs || !dead) {
        Py_XDECREF(probs);
        Py_XDECREF(dead);
        ms_free(&a);
        return NULL;
    }
    for (int i = 0; i < a.n; i++) {
        PyList_SET_ITEM(probs, i, PyFloat_FromDouble(a.probs[i]));
        int covered = cells[i] == MS_UNKNOWN || cells[i] == MS_QUESTION;
        if (covered && a.probs[i] > 0 && a.probs[i] < 1 && ms_is_dead(&a, cells, i)) {
            PyObject *k = PyLong_FromLong(i);
            PyList_Append(dead, k);
            Py_DECREF(k);
        }
    }
    PyObject *out = Py_BuildValue("(NddN)", probs, a.log_solutions, a.interior_prob, dead);
    ms_free(&a);
    return out;
}

static PyObject *outcome(PyObject *self, PyObject *args) {
    const unsigned char *cells;
    MsAnalysis a;
    int ok;
    (void)self;
    int rc = run(args, &a, &cells, &ok);
    if (!ok) return NULL;
    if (rc == MS_NO_MEMORY) {
        ms_free(&a);
        return PyErr_NoMemory();
    }
    if (rc != MS_OK) {
        ms_free(&a);
        Py_RETURN_NONE;
    }
    MsSummary s;
    ms_summary(&a, cells, &s);
    PyObject *out = Py_BuildValue("(dddi)", a.log_solutions, s.best1, s.best2, s.safe);
    ms_free(&a);
    return out;
}

static PyMethodDef methods[] = {
    {"analyse", analyse, METH_VARARGS,
     "analyse(cells, rows, cols, mines) -> (probs, log_solutions, interior_prob, dead_cells)"
     " or (None, error_code, error_cell, 0)"},
    {"outcome", outcome, METH_VARARGS,
     "outcome(cells, rows, cols, mines) -> (log_solutions, best_safety, second_safety,"
     " safe_cells) over living cells, or None when no layout fits"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_engine", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__engine(void) { return PyModule_Create(&module); }

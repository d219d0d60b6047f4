"""The ``tricklog`` command: a thin layer over ``records`` and ``replay``."""

"""Fuzzing tricklog with hostile and careless input: the readers, the checker, the reporters and
``show``, as a library and as a command.

* ``corpus`` makes the inputs: every shipped fixture (valid and invalid, of every game), mutated
  in its structure (a value swapped for a hostile one, a key dropped or stated twice, a list
  cut or repeated, a nesting made deep) and in its bytes (bits flipped, slices cut, spliced or
  repeated, numbers made huge, text that looks like markup or a terminal escape), written out
  compact or indented, as a JSON Lines archive or a JSON array, compressed or not (and
  sometimes corrupt), under a file name that may not even be UTF-8.
* ``targets.exercise`` runs one input through everything a user can: ``tricklog.check_bytes``,
  ``tricklog.loads``, ``tricklog.check_paths`` and every report's ``to_dict`` through orjson;
  and the command in-process (``replay.cli.app.main``): ``validate``, ``audit`` in text, with
  ``--explain`` and as JSON, and ``show``, from a file and from standard input. A failure is
  an uncaught exception (``internal error`` included), an exit code the README does not list,
  ``--format json`` output that is not one JSON document, a terminal escape from the record in
  text output, a hang (more than 5 s on a small input) or a memory blow-up.

``test_fuzz.py`` runs a bounded number of examples with hypothesis in every test run;
``python -m tests.fuzz --minutes 10`` runs for as long as asked (with atheris, coverage-guided,
where it is installed: ``--atheris``), counts the inputs it tried and saves every failing input
with the place it failed.
"""

"""Tables of records for spreadsheets and data frames: the CSV and Parquet formats of ``convert``.

A score sheet holds recomputed scores beside the recorded claims, and scores come only from a
replay; ``records/`` never imports ``replay/`` (tests/test_layers.py), so these writers live
here and the format registry (``records.formats.registry``) names their modules by path, loaded
on first use like every other format. They are writers only: a table does not hold a record
(no deal, no rules), so nothing is read back from it.

``tables`` builds the rows (one traversal of the replay steps per record) and says what each
table cannot carry; ``csv`` and ``parquet`` only encode them. docs/csv.md lists the columns.
"""

"""Tables of records for spreadsheets and data frames: the CSV and Parquet formats of ``convert``.

A score sheet holds recomputed scores beside the recorded claims, and scores come only from a
replay; ``records/`` never imports ``replay/`` (tests/test_layers.py), so these writers live
here, and this package adds them to the format registry (``records.formats.registry.register``)
when it is imported, as ``replay`` itself does; their modules are loaded on first use like every
other format's. They are writers only: a table does not hold a record
(no deal, no rules), so nothing is read back from it.

``tables`` builds the rows (one traversal of the replay steps per record) and says what each
table cannot carry; ``csv`` and ``parquet`` only encode them. docs/csv.md lists the columns.
"""

from records.formats.registry import Format, register

register(
    Format(
        "csv",
        (".csv",),
        "a score sheet, one row per hand per seat (--form hands), or one row per action "
        "(--form actions), with recomputed and claimed values in columns apart (docs/csv.md)",
        "players, hands, bids, the scored values recomputed and as claimed, problems found; "
        "or every action",
        "the deal, the rules, metadata, extensions, the record's own claims (and the actions "
        "or the claims, by table); written only, never read",
        "replay.export.csv",
        reads=False,
        writes=True,
        forms=("hands", "actions"),
    ),
    Format(
        "parquet",
        (".parquet",),
        "the csv tables as Parquet, typed columns (needs the [parquet] extra: pyarrow)",
        "as csv",
        "as csv",
        "replay.export.parquet",
        reads=False,
        writes=True,
        forms=("hands", "actions"),
        needs=("pyarrow", "parquet"),
    ),
)

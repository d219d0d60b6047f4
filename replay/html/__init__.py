"""Pictures of records: one self-contained HTML page per record (``tricklog view``) and a
dispute report of the records with problems (``tricklog audit --html``).

``page`` reduces the replay steps to a view (``views``), ``render`` lays it out with the Jinja2 templates in
``templates/``, ``report`` writes the audit's folder of pages whole or not at all.
"""

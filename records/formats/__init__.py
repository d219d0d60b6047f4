"""Formats: reading and writing records in every form tricklog knows, with nothing lost unsaid.

``registry.FORMATS`` lists them (``json``, ``jsonl``, ``text``); each is a module of its own with
a reader and/or a writer of the small interface in ``records.formats.base``. ``convert`` turns
inputs of any readable format into an output of any writable one and reports every fact the
output could not carry.
"""

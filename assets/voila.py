"""Voilà's settings that ``assets/voila.json`` cannot hold: a guard on its template file handler.

Voilà loads this file with ``voila.json`` (``--Voila.config_file_paths=['assets']``, as ``make
lesson`` and the tests run it). Two of Voilà 0.5's handlers answer a hostile path with a 500:

- the handler for a template's files (``/voila/templates/<template>/static/<file>``) splits the
  path before it checks it, so a path of another shape — ``/voila/templates/tutor/static/`` (a
  folder), ``…/static/%00`` (a NUL), ``…/static/..%2f..%2fconf.json`` — raises ``ValueError``
  inside Voilà;
- the page handler sends a path that is not a notebook (``/voila/render/x.ipynb%00``) on to
  ``/voila/files/`` in a ``Location`` header, which refuses a control character.

Here both paths are checked first: anything else is a plain 404. (A NUL in a file name under
``/voila/files/`` is refused by ``file_allowlist`` in ``voila.json``: a 403.) docs/hardening.md
lists the paths tried.
"""

import os
import re

import tornado.web
from voila.handler import VoilaHandler
from voila.static_file_handler import TemplateStaticFileHandler

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _template_file(path: str) -> bool:
    """Is ``path`` (the part after ``/voila/templates/``) ``<template>/static/<file>``, with no
    NUL and no step outside the template's folder?"""
    if _CONTROL.search(path):
        return False
    parts = os.path.normpath(path).split(os.path.sep, 2)
    return len(parts) == 3 and parts[1] == "static" and parts[2] not in ("", ".", "..") \
        and not parts[2].startswith("..")


if not getattr(TemplateStaticFileHandler, "tutor_guard", False):
    _parse_url_path = TemplateStaticFileHandler.parse_url_path

    def parse_url_path(self: TemplateStaticFileHandler, path: str) -> str:
        if not _template_file(path):
            raise tornado.web.HTTPError(404)
        return _parse_url_path(self, path)

    TemplateStaticFileHandler.parse_url_path = parse_url_path
    TemplateStaticFileHandler.tutor_guard = True

if not getattr(VoilaHandler, "tutor_guard", False):
    _redirect_to_file = VoilaHandler.redirect_to_file

    def redirect_to_file(self: VoilaHandler, path: str) -> None:
        if _CONTROL.search(path or ""):
            raise tornado.web.HTTPError(404)
        _redirect_to_file(self, path)

    VoilaHandler.redirect_to_file = redirect_to_file
    VoilaHandler.tutor_guard = True

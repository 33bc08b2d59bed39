"""Compiled gettext catalogs (``.mo``) read by message key, and messages with plural forms.

Our catalogs give every message a key as its msgctxt and the English as its msgid (``ui/locale``,
docs/ui.md), and the UI looks messages up by key, so :func:`read_mo` indexes a catalog by msgctxt, which
the standard library's ``gettext`` cannot. The file format is GNU gettext's: a header, then a table of
original strings (``ctxt\\x04msgid`` or ``ctxt\\x04msgid\\x00msgid_plural``) and one of translations
(plural forms separated by NUL); the header's ``Plural-Forms`` formula picks a form for a number.
"""

from __future__ import annotations

import gettext
import struct
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAGIC = 0x950412DE


class Plural(str):
    """A message that takes a count: a ``str`` of its general form (so ``in``, ``placeholders`` and
    comparisons work as on any message), whose :meth:`format` picks the form for the number in its
    ``count`` parameter. So code that formats catalog text with an outcome's or a prompt's parameters
    gets "1 move left" and "2 moves left" without knowing which messages have plural forms.

    >>> left = Plural(("{n} move left", "{n} moves left"), "n", lambda n: int(n != 1))
    >>> left.format(n=1), left.format(n=3), str(left)
    ('1 move left', '3 moves left', '{n} moves left')
    """

    forms: tuple[str, ...]
    count: str
    index: Callable[[int], int]

    def __new__(cls, forms: tuple[str, ...], count: str, index: Callable[[int], int]) -> Plural:
        self = super().__new__(cls, forms[-1])
        self.forms, self.count, self.index = tuple(forms), count, index
        return self

    def form(self, n: Any) -> str:
        """The form for ``n``; the general (last) form for a value that is not a whole number."""
        try:
            i = self.index(int(n))
        except (TypeError, ValueError):
            return self.forms[-1]
        return self.forms[min(i, len(self.forms) - 1)]

    def format(self, *args: Any, **params: Any) -> str:
        return self.form(params.get(self.count)).format(*args, **params)


@dataclass(frozen=True)
class MoCatalog:
    """One compiled catalog: translations by msgctxt (a tuple of forms for a plural message), the English
    msgid each was made from, and the language's plural formula."""

    messages: dict[str, str | tuple[str, ...]]
    msgids: dict[str, str]
    plural: Callable[[int], int]
    headers: dict[str, str]


def read_mo(path: Path) -> MoCatalog:
    """Read a ``.mo`` file. Messages without a msgctxt (none of ours have one) are left out.

    Raises:
        OSError: the file cannot be read.
        ValueError: it is not a gettext catalog.
    """
    data = path.read_bytes()
    if len(data) < 20:
        raise ValueError(f"{path}: not a gettext catalog")
    for order in ("<", ">"):
        magic, _version, count, originals, translations = struct.unpack(f"{order}5I", data[:20])
        if magic == MAGIC:
            break
    else:
        raise ValueError(f"{path}: not a gettext catalog (magic number)")
    messages: dict[str, str | tuple[str, ...]] = {}
    msgids: dict[str, str] = {}
    headers: dict[str, str] = {}
    for i in range(count):
        olen, ooff = struct.unpack_from(f"{order}2I", data, originals + 8 * i)
        tlen, toff = struct.unpack_from(f"{order}2I", data, translations + 8 * i)
        original = data[ooff : ooff + olen].decode("utf-8")
        translated = data[toff : toff + tlen].decode("utf-8")
        if not original:
            headers = dict(
                (name.strip(), value.strip())
                for name, _, value in (line.partition(":") for line in translated.splitlines())
                if name
            )
            continue
        context, sep, msgid = original.partition("\x04")
        if not sep:
            continue
        forms = tuple(translated.split("\x00"))
        messages[context] = forms if "\x00" in msgid else forms[0]
        msgids[context] = msgid.split("\x00")[0]
    return MoCatalog(messages, msgids, plural_rule(headers.get("Plural-Forms", "")), headers)


def plural_rule(header: str) -> Callable[[int], int]:
    """The form index for a number from a ``Plural-Forms`` header (English's rule when there is none).

    >>> rule = plural_rule("nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : 2;")
    >>> [rule(n) for n in (1, 2, 5, 11, 21, 22, 25)]
    [0, 1, 2, 2, 0, 1, 2]
    """  # noqa: E501
    for part in header.split(";"):
        name, _, expr = part.strip().partition("=")
        if name.strip() == "plural" and expr.strip():
            return gettext.c2py(expr.strip())
    return lambda n: int(n != 1)

"""Our own scenarios' names and goals (``haunts/h*.py``) in German, shown in the translated hand-off.

Keyed by haunt number; a test checks every scenario has all three and that each keeps the English
numbers. Room and token names stay as printed.
"""

SCENARIO_TEXT: dict[int, dict[str, str]] = {
    1: {
        "name": "Der gebundene Geist",
        "heroes": (
            "Verbrennt die 3 Bone-Marker (im Raum des Knochens: Wissen 4+, ein Aufgabenwurf), bevor Runde 9 "
            "beginnt."
        ),
        "traitor": (
            "Du stirbst sofort; dein Geist sammelt Grauen: jedes Mal, wenn er Helden erschreckt (eine"
            " Geist-Aktion "
            "in einem Raum mit Helden, Verstand 4+ zum Widerstehen), wächst das Grauen. Sieg bei doppelt so"
            " viel "
            "Grauen wie Spieler, oder wenn Runde 9 mit einem unverbrannten Knochen beginnt."
        ),
    },
    4: {
        "name": "Die kriechende Horde",
        "heroes": (
            "Verbarrikadiert Räume ohne wachen Crawler darin (Kraft 4+, ein Aufgabenwurf); Sieg mit so"
            " vielen "
            "verbarrikadierten Räumen wie Spieler minus eins. Crawler können keinen verbarrikadierten Raum"
            " betreten."
        ),
        "traitor": (
            "Deine Crawler (einer mehr als Spieler) packen Helden, denen sie begegnen (Tempo 4+ zum"
            " Entwischen, "
            "einmal pro Crawler-Zug); Sieg, wenn sie so viele Griffe halten wie Spieler, oder wenn Runde 10"
            " beginnt."
        ),
    },
    6: {
        "name": "Die Bestie unten",
        "heroes": (
            "Bindet die Bestie: 3 Ketten (in ihrem Raum, Kraft 5+, ein Aufgabenwurf) oder sie im Kampf "
            "betäuben zählen je eins."
        ),
        "traitor": (
            "Die Bestie (Kraft 8, Tempo 3, Verstand 4) brüllt einmal pro Zug die Helden in ihrem Raum an (je "
            "Verstand 3+, um standzuhalten); Sieg, wenn das Brüllen so oft gebrochen hat, wie es Spieler"
            " gibt, "
            "oder wenn Runde 10 beginnt."
        ),
    },
    12: {
        "name": "Das hungrige Haus",
        "heroes": (
            "Bringt die 3 Candle-Marker in die Entrance Hall (in ihrem Raum aufheben, in der Halle ablegen), "
            "bevor Runde 11 beginnt."
        ),
        "traitor": (
            "(Das Haus) Der Schatten lässt die Helden frösteln, denen er begegnet; das Haus gewinnt, wenn "
            "Runde 11 beginnt."
        ),
    },
    13: {
        "name": "Exorzismus",
        "heroes": (
            "Im Ritualraum (der Pentagram Chamber oder dem Raum, in dem der Spuk begann) Verstand oder"
            " Wissen 5+ "
            "als Aufgabenwurf; Sieg mit halb so vielen Erfolgen wie Spieler plus eins."
        ),
        "traitor": (
            "Dein Dämon streift durchs Haus. Im Ritualraum macht Wissen 4+ (dein Aufgabenwurf) einen Erfolg "
            "rückgängig; Sieg, wenn Runde 9 beginnt."
        ),
    },
    21: {
        "name": "Die verschlossene Tür",
        "heroes": (
            "Nehmt den Schlüssel, schließt die Haustür in der Entrance Hall auf und flieht von dort: Sieg,"
            " wenn "
            "zwei Helden geflohen sind (oder jeder noch lebende Held, wenn es weniger sind)."
        ),
        "traitor": (
            "Zwei Hunde jagen den Schlüssel: Ein Hund beim Träger des Schlüssels verlangt Tempo 4+, sonst"
            " fällt "
            "er. Sieg, wenn Runde 12 beginnt oder kein Held mehr lebt."
        ),
    },
    34: {
        "name": "Ein Fremder unter uns",
        "heroes": (
            "Entlarvt den Verräter: Beschuldigt einen Forscher in eurem Raum (Wissen 4+, ein Aufgabenwurf),"
            " um "
            "seinen Marker zu sehen; Marker 1 entlarven gewinnt. Hat sich der Verräter gezeigt, bannt ihn in "
            "seinem Raum (Verstand 5+), um zu gewinnen."
        ),
        "traitor": (
            "Bleib verborgen, bis Runde 8 beginnt, oder zeig dich und beschwöre 2 Mal im Raum, in dem der"
            " Spuk "
            "begann (Wissen 4+, ein Aufgabenwurf)."
        ),
    },
    37: {
        "name": "Steigendes Wasser",
        "heroes": (
            "Schließt die Schleuse im Basement Landing: Kraft oder Tempo 5+ als Aufgabenwurf, zweimal. In"
            " einem "
            "gefluteten Raum bewegt ihr euch höchstens 2 Räume pro Zug."
        ),
        "traitor": (
            "Der Keller ist geflutet; das Erdgeschoss flutet, wenn Runde 5 beginnt. Du schwimmst frei. Sieg, "
            "wenn Runde 9 beginnt."
        ),
    },
}

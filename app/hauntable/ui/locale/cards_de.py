"""The cards' effect summaries (``CardRules.summary``, our own short wording) in German.

Shown for the ``card.summary`` outcome (``i18n.outcome_text``); card names stay as printed. A test checks
that every card has one and that each keeps the English summary's numbers.
"""

CARD_TEXT: dict[str, str] = {
    "Angry Being": (
        "Tempo-Wurf: 5+ gewinne 1 Tempo; 2-4 erleide 1 Würfel geistigen Schaden; 0-1 erleide 1 "
        "Würfel geistigen und 1 Würfel körperlichen Schaden."
    ),
    "Creepy Crawlies": (
        "Verstand-Wurf: 5+ gewinne 1 Verstand; 1-4 verliere 1 Verstand; 0 verliere 2 Verstand."
    ),
    "Night View": "Wissen-Wurf: 5+ gewinne 1 Wissen.",
    "Something Hidden": (
        "Wenn du willst, ein Wissen-Wurf: 4+ ziehe einen Gegenstand; 0-3 verliere 1 Verstand."
    ),
    "The Voice": "Wissen-Wurf: 4+ ziehe einen Gegenstand.",
    "Something Slimy": (
        "Tempo-Wurf: 4+ gewinne 1 Tempo; 1-3 verliere 1 Kraft; 0 verliere 1 Kraft und 1 Tempo."
    ),
    "Rotten": (
        "Verstand-Wurf: 5+ gewinne 1 Verstand; 2-4 verliere 1 Kraft; 1 verliere 1 Kraft und 1 "
        "Tempo; 0 verliere 1 in jeder Eigenschaft."
    ),
    "Bloody Vision": (
        "Verstand-Wurf: 4+ gewinne 1 Verstand; 2-3 verliere 1 Verstand; 0-1 du musst einen Forscher "
        "oder ein Monster in oder neben deinem Raum angreifen, nach deiner Wahl (Angriffe gibt es "
        "erst nach Beginn des Spuks)."
    ),
    "Burning Man": (
        "Verstand-Wurf: 4+ gewinne 1 Verstand; 2-3 gehe in die Entrance Hall; 0-1 erleide 1 Würfel "
        "körperlichen, dann 1 Würfel geistigen Schaden."
    ),
    "Funeral": (
        "Verstand-Wurf: 4+ gewinne 1 Verstand; 2-3 verliere 1 Verstand; 0-1 verliere 1 Verstand und "
        "1 Kraft und gehe, wenn Graveyard oder Crypt im Haus liegt, in einen davon."
    ),
    "Phone Call": (
        "Wirf 2 Würfel: 4 gewinne 1 Verstand; 3 gewinne 1 Wissen; 1-2 erleide 1 Würfel geistigen "
        "Schaden; 0 erleide 2 Würfel körperlichen Schaden."
    ),
    "Spider": (
        "Ein Tempo- oder Verstand-Wurf nach deiner Wahl: 4+ gewinne 1 in dieser Eigenschaft; 1-3 "
        "erleide 1 Würfel körperlichen Schaden; 0 erleide 2 Würfel."
    ),
    "Possession": (
        "Wirf eine Eigenschaft deiner Wahl: 4+ gewinne 1 in einer beliebigen Eigenschaft; 0-3 diese "
        "Eigenschaft fällt auf ihre unterste Stufe (eine andere deiner Wahl, wenn sie schon dort "
        "ist)."
    ),
    "Groundskeeper": (
        "Wissen-Wurf (in den Gardens mit 2 Würfeln weniger): 4+ ziehe einen Gegenstand; 0-3 der "
        "Spieler rechts von dir greift dich mit Kraft 4 an."
    ),
    "Creepy Puppet": (
        "Der Spieler rechts von dir greift dich mit Kraft 4 an; verletzt er dich, gewinnt wer den "
        "Speer hält (nicht du) 2 Kraft."
    ),
    "Disquieting Sounds": (
        "Wirf 6 Würfel: mindestens die Zahl der gezogenen Omen gewinnt 1 Verstand; weniger erleidet "
        "1 Würfel geistigen Schaden."
    ),
    "Footsteps": (
        "Wirf 1 Würfel (2 in der Chapel): 4 du und der nächste Forscher gewinnt 1 Kraft; 3 du "
        "gewinnst 1 Kraft und der nächste Forscher verliert 1 Verstand; 2 verliere 1 Verstand; 1 "
        "verliere 1 Tempo; 0 alle verlieren 1 in einer Eigenschaft ihrer Wahl."
    ),
    "Hanged Men": (
        "Wirf jede Eigenschaft: 0-1 verliert 1 in dieser Eigenschaft; 2+ in allen vier gewinnt 1 in "
        "einer Eigenschaft deiner Wahl."
    ),
    "Hideous Shriek": (
        "Jeder Forscher würfelt Verstand: 4+ nichts; 1-3 erleide 1 Würfel geistigen Schaden; 0 "
        "erleide 2 Würfel."
    ),
    "Silence": (
        "Jeder Forscher im Keller würfelt Verstand: 4+ nichts; 1-3 erleide 1 Würfel geistigen "
        "Schaden; 0 erleide 2 Würfel."
    ),
    "Mists from the Walls": (
        "Jeder Forscher im Keller würfelt Verstand: 4+ nichts; 1-3 erleide 1 Würfel geistigen "
        "Schaden (2 in einem Raum mit Ereignissymbol); 0 erleide 1 Würfel (3 in einem "
        "Ereignisraum)."
    ),
    "Shrieking Wind": (
        "Jeder Forscher im Freien oder an einem Außenfenster würfelt Kraft: 5+ nichts; 3-4 erleide "
        "1 Würfel körperlichen Schaden; 1-2 erleide 1 Würfel geistigen Schaden; 0 erleide 1 Würfel "
        "körperlichen Schaden und lege einen Gegenstand in die Entrance Hall."
    ),
    "The Beckoning": (
        "Jeder Forscher im Freien oder an einem Außenfenster würfelt Verstand: 3+ nichts; 0-2 "
        "springe auf den Patio (notfalls aus dem Stapel gesucht) und erleide 1 Würfel körperlichen "
        "Schaden."
    ),
    "The Lost One": (
        "Wissen-Wurf: 5+ gewinne 1 Wissen; darunter wirf 3 Würfel: 6 gehe in die Entrance Hall; 4-5 "
        "auf den Upper Landing; 2-3 in einen neuen Raum im Obergeschoss; 0-1 in einen neuen "
        "Kellerraum (die Entrance Hall, wenn keiner gelegt werden kann)."
    ),
    "The Walls": "Lege das nächste Raumplättchen und betritt es (und ziehe seine Karte).",
    "Grave Dirt": (
        "Kraft-Wurf: 4+ gewinne 1 Kraft; 0-3 behalte diese Karte: 1 körperlicher Schaden zu Beginn "
        "jedes deiner Züge, bis ein Gegenstand eine deiner Eigenschaften erhöht oder du einen Zug "
        "in Balcony, Gardens, Graveyard, Gymnasium, Larder, Patio oder Tower beendest."
    ),
    "Webs": (
        "Kraft-Wurf: 4+ gewinne 1 Kraft; 0-3 du steckst fest (behalte diese Karte), bis jemand in "
        "deinem Raum oder du Kraft 4+ würfelt (je einmal pro Zug; ein Fehlschlag beendet die "
        "Bewegung dieses Forschers); frei nach 3 Fehlschlägen."
    ),
    "Debris": (
        "Tempo-Wurf: 3+ gewinne 1 Tempo; 1-2 erleide 1 Würfel körperlichen Schaden, 0 erleide 2 "
        "Würfel, und du bist verschüttet (behalte diese Karte), bis jemand in deinem Raum oder du "
        "Kraft 4+ würfelt; frei nach 3 Fehlschlägen."
    ),
    "Lights Out": (
        "Behalte diese Karte: du bewegst dich nur 1 Feld pro Zug, bis du einen Zug bei einem "
        "anderen Forscher (oder im Furnace Room) beendest; die Kerze beendet es sofort."
    ),
    "A Moment of Hope": (
        "Segensmarker hier: Helden würfeln bei Eigenschaftswürfen in diesem Raum 1 Würfel mehr (höchstens 8)."
    ),
    "Drip... Drip... Drip...": (
        "Tropfmarker hier: bei Eigenschaftswürfen in diesem Raum 1 Würfel weniger (mindestens 1)."
    ),
    "Smoke": (
        "Rauchmarker hier: bei Eigenschaftswürfen in diesem Raum 2 Würfel weniger (mindestens 1); "
        "er versperrt die Sichtlinie."
    ),
    "Closet Door": (
        "Schrankmarker hier; einmal pro Zug darf ein Forscher hier 2 Würfel werfen: 4 ziehe einen "
        "Gegenstand; 2-3 ziehe ein Ereignis; 0-1 ziehe ein Ereignis und der Schrank ist weg."
    ),
    "Skeletons": (
        "Skelettmarker hier; erleide 1 Würfel geistigen Schaden. Einmal pro Zug darf ein Forscher "
        "hier sie durchsuchen: Verstand 5+ zieht einen Gegenstand und entfernt sie; darunter 1 "
        "Würfel geistiger Schaden."
    ),
    "Locked Safe": (
        "Tresormarker hier; einmal pro Zug darf ein Forscher hier Wissen würfeln: 5+ ziehe 2 "
        "Gegenstände und der Tresor ist weg; 2-4 erleide 1 Würfel körperlichen Schaden; 0-1 erleide "
        "2 Würfel."
    ),
    "Secret Passage": (
        "Geheimgang-Marker hier und in einem Raum, den 3 Würfel bestimmen (6 beliebig, 4-5 "
        "Obergeschoss, 2-3 Erdgeschoss, 0-1 Keller); zwischen ihnen zu gehen kostet 1 Feld; du "
        "darfst ihn jetzt auch ohne Bewegung nutzen."
    ),
    "Secret Stairs": (
        "Geheimtreppen-Marker hier und in einem Raum auf einem anderen Stockwerk; zwischen ihnen zu "
        "gehen kostet 1 Feld; wer sie jetzt nimmt, auch ohne Bewegung, zieht im neuen Raum eine "
        "Ereigniskarte."
    ),
    "Mystic Slide": (
        "Rutschenmarker hier (bist du im Keller, trifft es den nächsten Forscher zu deiner Linken, "
        "der nicht im Keller ist); Kraft-Wurf, um sie zu nutzen, jetzt und später: 5+ gehe in einen "
        "Raum auf einem tieferen Stockwerk; 0-4 falle in einen neuen Kellerraum und erleide 1 "
        "Würfel körperlichen Schaden."
    ),
    "Revolving Wall": (
        "Wandschalter an einer Wand dieses Raums ohne Tür; der Raum dahinter (notfalls jetzt "
        "gelegt) bekommt die andere Seite, und du gehst dorthin. Einmal pro Zug kommt man mit "
        "Wissen 3+ hindurch (ohne Bewegung)."
    ),
    "Image in the Mirror": (
        "Zwei verschiedene Karten: eine gibt dir einen Gegenstand; die andere nimmt einen deiner "
        "Gegenstände zurück in den Stapel und gibt dir 1 Wissen."
    ),
    "Jonah's Turn": (
        "Wer die Rätselkiste hält, tauscht sie gegen einen neuen Gegenstand, und du gewinnst 1 "
        "Verstand; hält sie niemand, erleide 1 Würfel geistigen Schaden."
    ),
    "Whoops!": "Der Spieler rechts von dir wirft einen deiner Gegenstände zufällig ab.",
    "It is Meant to Be": (
        "Ordne entweder die obersten 3 Karten eines Stapels neu, oder wirf 4 Würfel und behalte die "
        "Summe für einen späteren Wurf."
    ),
    "What the...?": (
        "Versetze den Raum, in dem du bist (mit allem darin), an einen anderen offenen Durchgang "
        "auf seinem Stockwerk."
    ),
    "Amulet of the Ages": (
        "+1 in jeder Eigenschaft beim Erhalt; es zu verlieren kostet 3 in jeder Eigenschaft."
    ),
    "Bell": (
        "+1 Verstand, solange du sie hältst; einmal pro Zug nach Beginn des Spuks ein "
        "Verstand-Wurf: 5+ Helden, die kein Gegner aufhält, kommen 1 Feld näher; 0-4 der Verräter "
        "darf Monster 1 Feld näher bringen."
    ),
    "Candle": (
        "1 Würfel mehr bei Eigenschaftswürfen eines Ereignisses; Glocke, Buch und Kerze zusammen "
        "geben +2 in jeder Eigenschaft (der erste Verlust eines davon nimmt es zurück)."
    ),
    "Armor": "Erleide jedes Mal 1 körperlichen Schaden weniger; sie kann nicht gestohlen werden.",
    "Axe": "Waffe: 1 Würfel mehr bei Kraft-Angriffen (ab dem Spuk).",
    "Blood Dagger": (
        "Waffe: 3 Würfel mehr bei Kraft-Angriffen, kostet 1 Tempo (ab dem Spuk); er kann nicht "
        "getauscht oder abgelegt werden."
    ),
    "Revolver": (
        "Waffe: greife mit Tempo an (1 Würfel mehr), in deinem Raum oder in Sichtlinie (ab dem Spuk)."
    ),
    "Sacrificial Dagger": (
        "Waffe: 3 Würfel mehr bei Kraft-Angriffen nach einem Wissen-Wurf, der dich verletzen kann "
        "(ab dem Spuk)."
    ),
    "Healing Salve": (
        "Einmalig: Kraft und Tempo eines Forschers in deinem Raum (auch du) steigen zurück auf ihre "
        "Startwerte."
    ),
    "Smelling Salts": (
        "Einmalig: Wissen eines Forschers in deinem Raum (auch du) steigt zurück auf seinen Startwert."
    ),
    "Medical Kit": (
        "Einmal pro Zug heilt ein Wissen-Wurf einen Forscher in deinem Raum (auch dich) bis zu den "
        "Startwerten: 8+ 3 körperliche Stufen, 6-7 2, 4-5 1."
    ),
    "Puzzle Box": "Einmal pro Zug öffnet Wissen 6+ sie: ziehe 2 Gegenstände und wirf die Kiste ab.",
    "Dark Dice": (
        "Einmal pro Zug wirf 3 Würfel: 6 gehe in den Raum eines anderen Forschers; 5 schiebe einen "
        "Forscher in deinem Raum nebenan; 4 gewinne 1 in einer körperlichen Eigenschaft; 3 gehe in "
        "einen Nachbarraum; 2 gewinne 1 in einer geistigen Eigenschaft; 1 ziehe ein Ereignis; 0 "
        "jede Eigenschaft auf ihre unterste Stufe, und die Dunklen Würfel werden abgeworfen."
    ),
    "Pickpocket's Gloves": (
        "Einmalig: nimm einen beliebigen Gegenstand, den ein Forscher in deinem Raum hält (nicht "
        "einen, der nicht gestohlen werden kann)."
    ),
    "Music Box": (
        "Einmal pro Zug öffnen oder schließen; solange sie offen ist, würfelt, wer ihren Raum "
        "betritt oder dort einen Zug beginnt, Verstand 4+ oder beendet den Zug dort (ein gebannter "
        "Halter lässt sie fallen, noch offen)."
    ),
    "Bottle": (
        "Einmalig nach Beginn des Spuks: wirf 3 Würfel für eine Bewegung in einen beliebigen Raum "
        "oder einen Eigenschaftsgewinn oder -verlust."
    ),
    "Dynamite": (
        "Einmalig statt des Angriffs des Zuges (ab dem Spuk): durch eine Tür in einen Nachbarraum "
        "geworfen, wo jeder Tempo 5+ würfelt oder 4 körperlichen Schaden erleidet."
    ),
    "Adrenaline Shot": "Einmalig: addiere 4 zum Ergebnis eines Eigenschaftswurfs.",
    "Angel Feather": "Einmalig: nenne statt zu würfeln eine Zahl 0-8 als Ergebnis eines Wurfs.",
    "Lucky Stone": "Einmalig: würfle beliebige Würfel eines Wurfs neu.",
    "Rabbit's Foot": "Einmal pro Zug einen Würfel neu würfeln.",
    "Idol": "Einmal pro Zug 2 Würfel mehr bei einem Wurf, kostet 1 Verstand.",
    "Book": "+2 Wissen, solange du es hältst.",
    "Holy Symbol": "+2 Verstand, solange du es hältst.",
    "Girl": (
        "Begleiterin: +1 Verstand und +1 Wissen, solange sie bei dir ist; sie kann nicht getauscht, "
        "abgelegt oder gestohlen werden."
    ),
    "Dog": (
        "Begleiter: +1 Kraft und +1 Verstand, solange er bei dir ist; einmal pro Zug läuft er bis "
        "zu 6 Felder (keine Räume, die einen Wurf verlangen), um einen dort liegenden Gegenstand zu "
        "holen oder einen deiner dort zu lassen; er kann nicht getauscht, abgelegt oder gestohlen "
        "werden."
    ),
    "Madman": (
        "Begleiter: +2 Kraft und -1 Verstand, solange er bei dir ist; er kann nicht getauscht, "
        "abgelegt oder gestohlen werden."
    ),
    "Bite": (
        "Beim Ziehen greift dich der Spieler rechts von dir mit Kraft 4 an; sie kann nicht "
        "getauscht, abgelegt oder gestohlen werden."
    ),
    "Mask": "Einmal pro Zug setzt Verstand 4+ die Maske auf (+2 Wissen, -2 Verstand) oder ab (umgekehrt).",
    "Medallion": "Du ignorierst die Pentagram Chamber, die Crypt und den Graveyard.",
    "Skull": "Du darfst geistigen Schaden stattdessen als körperlichen nehmen (jedes Mal gefragt).",
    "Spear": "Waffe: 2 Würfel mehr bei Kraft-Angriffen (ab dem Spuk).",
    "Ring": "Greife mit Verstand statt Kraft an, gegen einen Gegner mit Verstand (ab dem Spuk).",
    "Crystal Ball": (
        "Nach Beginn des Spuks, einmal pro Zug: Wissen 4+ legt eine Karte deiner Wahl oben auf den "
        "Gegenstands- oder Ereignisstapel; 1-3 verliere 1 Verstand; 0 verliere 2."
    ),
    "Spirit Board": (
        "Vor dem Bewegen sieh dir das oberste Raumplättchen an; nach Beginn des Spuks benutzt, "
        "kommen Monster 1 Feld näher."
    ),
}

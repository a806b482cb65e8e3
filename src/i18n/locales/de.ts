/** German (Deutsch). Keys and placeholders as in `en.ts`; a missing key shows the English text. */
import type { Translations } from "../text-keys.js";

export const de: Translations = {
  "command.imagine.name": "bild",
  "command.imagine.description": "Ein Bild aus einer Textbeschreibung erzeugen",
  "command.imagine.prompt.name": "beschreibung",
  "command.imagine.prompt.description":
    "Was gezeichnet werden soll. Midjourney-Parameter gehen, z. B. --ar 16:9",
  "command.imagine.image.name": "bild",
  "command.imagine.image.description": "Ein Ausgangsbild (PNG, JPEG, WebP oder GIF)",
  "command.blend.name": "mischen",
  "command.blend.description": "2 bis 5 Bilder zu einem neuen Bild mischen",
  "command.blend.image1.name": "bild1",
  "command.blend.image1.description": "Bild 1 (PNG, JPEG, WebP oder GIF)",
  "command.blend.image2.name": "bild2",
  "command.blend.image2.description": "Bild 2 (PNG, JPEG, WebP oder GIF)",
  "command.blend.image3.name": "bild3",
  "command.blend.image3.description": "Bild 3 (PNG, JPEG, WebP oder GIF)",
  "command.blend.image4.name": "bild4",
  "command.blend.image4.description": "Bild 4 (PNG, JPEG, WebP oder GIF)",
  "command.blend.image5.name": "bild5",
  "command.blend.image5.description": "Bild 5 (PNG, JPEG, WebP oder GIF)",
  "command.blend.prompt.name": "beschreibung",
  "command.blend.prompt.description": "Optionale Wörter (und Parameter) nach den Bildern",
  "command.blend.aspect.name": "format",
  "command.blend.aspect.description": "Seitenverhältnis des Ergebnisses (--ar)",
  "command.blend.aspect.choice.1:1": "Quadrat (1:1)",
  "command.blend.aspect.choice.2:3": "Hochformat (2:3)",
  "command.blend.aspect.choice.3:2": "Querformat (3:2)",
  "command.blend.aspect.choice.9:16": "Hoch (9:16)",
  "command.blend.aspect.choice.16:9": "Breit (16:9)",
  "command.imagine-status.name": "bild-status",
  "command.imagine-status.description":
    "Zustand des Bilddienstes, Aufträge dieses Servers, letzte Fehler und Limits (Moderatoren)",
  "command.imagine-status.job.name": "auftrag",
  "command.imagine-status.job.description":
    "Eine Auftrags-ID oder die Interaktions-ID (ref), die ihn gestartet hat",
  "command.help.name": "hilfe",
  "command.help.description": "Was dieser Bot kann, seine Befehle, die Prompt-Syntax und deine Limits",
  "command.history.name": "verlauf",
  "command.history.description":
    "Deine letzten Bilder: Beschreibung, Ergebnis, Zeitpunkt und ein Link zu jedem",
  "command.show.name": "zeigen",
  "command.show.description": "Eines deiner fertigen Bilder erneut posten, mit seinen Buttons",
  "command.show.job.name": "auftrag",
  "command.show.job.description":
    "Die Auftrags-ID (siehe /verlauf) oder die Interaktions-ID (ref), die ihn gestartet hat",

  "command.quota.name": "kontingent",
  "command.quota.description":
    "Was dir heute bleibt: Bilder, gleichzeitige Aufträge und wann du das nächste starten kannst",
  "command.settings.name": "einstellungen",
  "command.settings.description":
    "Deine Vorlieben: Zusatz zur Beschreibung, Seitenverhältnis, Zustellung, Sprache",
  "command.settings.show.name": "anzeigen",
  "command.settings.show.description": "Deine Vorlieben anzeigen",
  "command.settings.suffix.name": "zusatz",
  "command.settings.suffix.description":
    "Wörter oder Parameter am Ende jeder deiner Beschreibungen (leer lassen zum Entfernen)",
  "command.settings.suffix.text.name": "text",
  "command.settings.suffix.text.description": "z. B. --ar 16:9 --v 6, oder: Ölgemälde",
  "command.settings.aspect-ratio.name": "seitenverhältnis",
  "command.settings.aspect-ratio.description":
    "Seitenverhältnis, wenn eine Beschreibung keines setzt (leer lassen für 1:1)",
  "command.settings.aspect-ratio.ratio.name": "verhältnis",
  "command.settings.aspect-ratio.ratio.description": "Breite:Höhe, z. B. 16:9",
  "command.settings.delivery.name": "zustellung",
  "command.settings.delivery.description": "Wo deine fertigen Bilder gepostet werden",
  "command.settings.delivery.where.name": "wo",
  "command.settings.delivery.where.description":
    "Im Kanal, in dem du gefragt hast, oder in deinen Direktnachrichten",
  "command.settings.delivery.where.choice.channel": "Im Kanal",
  "command.settings.delivery.where.choice.dm": "Per Direktnachricht",
  "command.settings.language.name": "sprache",
  "command.settings.language.description":
    "Die Sprache, in der der Bot dir antwortet (leer lassen für deine Discord-Sprache)",
  "command.settings.language.language.name": "sprache",
  "command.settings.language.language.description": "Eine der Sprachen des Bots",
  "command.settings.reset.name": "zurücksetzen",
  "command.settings.reset.description": "Alle deine Vorlieben entfernen",
  "help.quota":
    "• `/$t(command.quota.name)`: was dir heute bleibt (Bilder, gleichzeitige Aufträge, Wartezeit) und wann es neu beginnt.",
  "duration.hours_one": "{{count}} Stunde",
  "duration.hours_other": "{{count}} Stunden",
  "duration.minutes_one": "{{count}} Minute",
  "duration.minutes_other": "{{count}} Minuten",
  "duration.seconds_one": "{{count}} Sekunde",
  "duration.seconds_other": "{{count}} Sekunden",
  "elapsed.hours": "{{n}} Std.",
  "elapsed.minutes": "{{n}} Min.",
  "elapsed.seconds": "{{n}} s",
  "status.pending": "⏳ Wartet in der Schlange",
  "status.in-progress": "🖌️ Wird erzeugt",
  "status.completed": "✅ Wird fertiggestellt",
  "status.failed": "❌ Fehlgeschlagen",
  "status.other": "⏳ Wartet ({{status}})",

  "prompt.heading": "**Beschreibung**",
  "prompt.empty": "*(leere Beschreibung)*",
  "job.footer": "Auftrag {{id}}",
  "field.requestedBy": "Angefordert von",
  "field.requested": "Angefordert",
  "field.started": "Gestartet",
  "field.finished": "Fertig",
  "field.finishedIn": "in {{elapsed}}",
  "field.aspectRatio": "Seitenverhältnis",
  "button.cancel": "Abbrechen",
  "button.tryAgain": "Erneut versuchen",

  "progress.submitting": "🎨 Deine Beschreibung wird gesendet…",
  "progress.pending":
    "Warte darauf, dass der Generator deinen Auftrag startet. Das kann dauern, wenn er ausgelastet ist.",
  "progress.started": "Der Generator hat mit deinem Bild begonnen.",
  "progress.drawing": "Der Generator zeichnet dein Bild; die Vorschau wird dabei schärfer.",
  "progress.completed": "Dein Bild ist fertig und unterwegs.",
  "progress.failed": "Der Auftrag ist fehlgeschlagen.",
  "progress.other": "Der Dienst meldet den Auftrag als „{{status}}“; warte, bis er startet.",
  "progress.serviceUnanswering":
    "⚠️ Der Bilddienst antwortet gerade nicht. Der Bot versucht es weiter und aktualisiert diese Nachricht, sobald er antwortet.",

  "progress.serviceStarting":
    "⏳ Der Bilddienst meldet, dass er gerade startet. Dein Auftrag wartet dort und beginnt, sobald der Dienst bereit ist.",
  "progress.serviceDown":
    "⚠️ Der Bilddienst meldet, dass er ausgefallen ist. Dein Auftrag wartet dort und beginnt, sobald der Dienst wieder läuft, wenn das vor dem Zeitlimit geschieht.",
  "result.title": "✅ Dein Bild ist fertig",
  "result.content": "{{mention}} dein Bild ist fertig.",
  "result.note": "Wähle **U1–U4** für ein einzelnes Bild oder 🔄, um die Beschreibung erneut auszuführen.",
  "result.noteNoImage":
    "⚠️ Das Bild kann hier nicht angezeigt werden. Wähle **U1–U4** für einzelne Bilder oder 🔄 für einen neuen Versuch.",
  "result.pointerBelow": "⤵️ Das Ergebnis steht weiter unten.",
  "result.pointer": "⤵️ Das Ergebnis ist hier: {{link}}",
  "upscale.title": "🖼️ Bild {{name}}",
  "upscale.content": "{{mention}} hier ist Bild {{name}}.",
  "upscale.unavailable": "Bild {{name}} ist nicht verfügbar",
  "upscale.thisUnavailable": "Dieses Bild ist nicht verfügbar",
  "upscale.notReturned":
    "Der Bilddienst hat dieses Bild nicht geliefert. Nutze 🔄 am Raster, um die Beschreibung erneut auszuführen.",
  "upscale.notShown": "Dieses Bild kann hier nicht angezeigt werden. Versuche den Button gleich noch einmal.",
  "enhance.creditNote":
    "**Verbessern** erstellt eine größere Kopie dieses Bildes; jede verbraucht Guthaben beim Bilddienst.",
  "enhance.button": "Verbessern {{factor}} (kostet Guthaben)",
  "enhance.tryAgain": "Erneut versuchen (kostet Guthaben)",
  "enhance.title": "🔍 Bild {{name}} verbessert {{factor}}",
  "enhance.content": "{{mention}} dein verbessertes Bild {{name}} {{factor}} ist fertig.",
  "enhance.notShown": "⚠️ Das verbesserte Bild kann hier nicht angezeigt werden.",

  "failure.title": "❌ Dein Bild konnte nicht erstellt werden",
  "failure.content": "{{mention}} dein Bild konnte nicht erstellt werden.",
  "failure.serviceSaid": "Der Dienst meldete",
  "failure.generatorSaid": "Der Generator meldete",
  "failure.privateNotice": "Diese Beschreibung konnte nicht erzeugt werden.",
  "failure.privateNoticeJob": "Diese Beschreibung konnte nicht erzeugt werden. Auftrag {{id}}",
  "timeout.title": "⌛ Nach {{waited}} nicht mehr gewartet",
  "timeout.description":
    "Der Bilddienst hat diesen Auftrag nicht innerhalb von {{waited}} abgeschlossen, daher wartet der Bot nicht mehr darauf. Der Generator ist vielleicht ausgelastet oder hängt. Versuche es später mit dem Button unten oder mit `/$t(command.imagine.name)`.",
  "timeout.content": "{{mention}} dein Bild hat zu lange gedauert.",
  "cancelled.title": "✖️ Abgebrochen",
  "cancelled.content": "Abgebrochen von {{by}}",
  "cancelled.someone": "jemandem",
  "cancelled.description": "Der Bot verfolgt diesen Auftrag nicht mehr; sein Ergebnis wird nicht gepostet.",
  "cancelled.descriptionFor":
    "Der Bot verfolgt diesen Auftrag (angefordert von {{requester}}) nicht mehr; sein Ergebnis wird nicht gepostet.",

  "imageError.moderation.summary": "Die Moderation des Bildgenerators hat diese Beschreibung abgelehnt.",
  "imageError.moderation.hint":
    "Formuliere die Beschreibung ohne die beanstandeten Wörter um und versuche es erneut.",
  "imageError.invalid-parameter.summary":
    "Der Bildgenerator konnte einen Parameter dieser Beschreibung nicht annehmen.",
  "imageError.invalid-parameter.hint": "Korrigiere den genannten `--`-Parameter und versuche es erneut.",
  "imageError.generator.summary": "Der Bildgenerator hat den Auftrag abgelehnt.",
  "imageError.generator.hint":
    "Ändere die Beschreibung, falls seine Meldung das verlangt, und versuche es erneut.",
  "imageError.prompt-timeout.summary":
    "Der Generator hat die Beschreibung erhalten, den Auftrag aber nie gestartet.",
  "imageError.prompt-timeout.hint": "Das ist meist vorübergehend: versuche es erneut.",
  "imageError.queue-timeout.summary":
    "Der Auftrag hat zu lange in der Schlange des Generators gewartet und wurde verworfen.",
  "imageError.queue-timeout.hint": "Der Generator ist ausgelastet: versuche es in ein paar Minuten erneut.",
  "imageError.completion-timeout.summary":
    "Der Generator hat das Bild begonnen, aber nicht rechtzeitig fertiggestellt.",
  "imageError.completion-timeout.hint":
    "Versuche es erneut; wenn das öfter passiert, ist der Generator vielleicht überlastet.",
  "imageError.not-delivered.summary":
    "Der Generator hat das Bild erstellt, aber es kam nie beim Bilddienst an.",
  "imageError.not-delivered.hint": "Versuche es erneut.",
  "imageError.no-image.summary":
    "Der Bilddienst meldete das Bild als fertig, schickte aber kein Bild, das angezeigt werden kann.",
  "imageError.no-image.hint": "Versuche es erneut; wenn das öfter passiert, sag einem Admin Bescheid.",
  "imageError.unspecified.summary": "Der Bilddienst ist ohne Angabe von Gründen gescheitert.",
  "imageError.unspecified.hint": "Versuche es erneut; wenn es weiter scheitert, sag einem Admin Bescheid.",
  "imageError.no-reason.summary":
    "Der Bilddienst hat den Auftrag ohne Begründung als fehlgeschlagen markiert.",
  "imageError.no-reason.hint": "Versuche es erneut.",
  "imageError.unknown.summary": "Der Bilddienst hat einen Fehler gemeldet.",
  "imageError.unknown.hint": "Versuche es erneut; wenn es weiter scheitert, sag einem Admin Bescheid.",

  "serviceError.unavailable.title": "Der Bilddienst ist nicht erreichbar",
  "serviceError.unavailable.message":
    "Der Bilddienst antwortet gerade nicht richtig. Versuche es in ein paar Minuten erneut.",
  "serviceError.internal.title": "Der Bilddienst ist gescheitert",
  "serviceError.internal.message":
    "Der Bilddienst hatte einen internen Fehler und hat nicht gesagt, warum; ein neuer Versuch hilft darum vielleicht nicht. Der Betreiber des Bots findet die Ursache in den Logs des Dienstes.",
  "serviceError.misconfigured.title": "Der Bot ist falsch eingerichtet",
  "serviceError.unauthorized.message":
    "Der Bilddienst hat die Zugangsdaten des Bots nicht akzeptiert. Ein Admin wurde informiert; bitte versuche es später erneut.",
  "serviceError.forbidden.message":
    "Der Bilddienst hat die Anfrage des Bots abgelehnt. Ein Admin wurde informiert; bitte versuche es später erneut.",
  "serviceError.quota.title": "Das Bildkontingent ist aufgebraucht",
  "serviceError.quota.message":
    "Dieser Bot hat sein Bildkontingent aufgebraucht, daher können vorerst keine neuen Bilder erstellt werden. Ein Admin kann es aufstocken.",
  "serviceError.busy.title": "Der Bilddienst ist ausgelastet",
  "serviceError.busy.message":
    "Gerade werden zu viele Bilder angefordert. Versuche es in {{seconds}} s erneut.",
  "serviceError.busy.messageMinute":
    "Gerade werden zu viele Bilder angefordert. Versuche es in einer Minute erneut.",
  "serviceError.refused.title": "Die Beschreibung wurde abgelehnt",
  "serviceError.refused.message":
    "Der Bilddienst hat diese Beschreibung abgelehnt. Ändere die Beschreibung und versuche es erneut.",
  "serviceError.refused.messageQuoted":
    "Der Bilddienst hat diese Beschreibung abgelehnt: „{{said}}“. Ändere die Beschreibung und versuche es erneut.",
  "serviceError.imageGone":
    "Dieses Bild ist beim Bilddienst nicht mehr verfügbar (es ist vielleicht alt oder gelöscht), daher funktioniert dieser Button nicht mehr. Nutze `/$t(command.imagine.name)`, um ein neues zu erstellen.",

  "refusal.bannedWords":
    "Deine Beschreibung wurde abgelehnt: Sie enthält Wörter, die dieser Server nicht erlaubt. Bitte formuliere sie um.",
  "refusal.userActive_one":
    "Bei dir wird bereits {{count}} Bild erzeugt, das Maximum gleichzeitig ({{limit}}). Du kannst ein weiteres starten, wenn es fertig ist.",
  "refusal.userActive_other":
    "Bei dir werden bereits {{count}} Bilder erzeugt, das Maximum gleichzeitig ({{limit}}). Du kannst ein weiteres starten, wenn eines davon fertig ist.",
  "refusal.cooldown":
    "Bitte warte {{cooldown}} zwischen zwei Bildern. Du kannst {{when}} ein weiteres Bild starten.",
  "refusal.cooldownIn": "in {{duration}}",
  "refusal.guildActive_one":
    "Auf diesem Server wird bereits {{count}} Bild erzeugt, das Maximum gleichzeitig ({{limit}}). Bitte versuche es erneut, wenn es fertig ist.",
  "refusal.guildActive_other":
    "Auf diesem Server werden bereits {{count}} Bilder erzeugt, das Maximum gleichzeitig ({{limit}}). Bitte versuche es erneut, wenn eines davon fertig ist.",
  "refusal.serviceUnhealthy":
    "Der Bilddienst meldet den Zustand **{{status}}**, ein neues Bild würde also nur in der Schlange warten. Bitte versuche es später erneut.",
  "refusal.serviceUnhealthyWhy":
    "Der Bilddienst meldet den Zustand **{{status}}** ({{detail}}), ein neues Bild würde also nur in der Schlange warten. Bitte versuche es später erneut.",

  "enhance.name": "Verbessern {{factor}}",
  "enhance.offServer": "{{name}} ist auf diesem Server ausgeschaltet.",
  "used.underWay": "{{name}} dieses Bildes läuft bereits; das Ergebnis wird hier gepostet.",
  "refusal.channelNotAllowed":
    "In diesem Kanal können keine Bilder erstellt werden. Nutze `/$t(command.imagine.name)` auf diesem Server in {{channels}}.",
  "refusal.ageRestrictedOnly":
    "Dieser Server erlaubt Bilder nur in altersbeschränkten Kanälen. Bitte nutze `/$t(command.imagine.name)` in einem altersbeschränkten Kanal.",
  "refusal.daily_one":
    "Du hast heute {{count}} Bild gestartet, dein Tageslimit hier ({{limit}}). Du kannst {{when}} weitere starten.",
  "refusal.daily_other":
    "Du hast heute {{count}} Bilder gestartet, dein Tageslimit hier ({{limit}}). Du kannst {{when}} weitere starten.",
  "refusal.dailyAtMidnight": "um Mitternacht UTC",
  "error.generic":
    "Bei mir ist etwas schiefgelaufen und ich konnte das nicht abschließen. Der Betreiber des Bots findet die Details im Log; bitte versuche es gleich noch einmal.",
  "error.staleComponent":
    "Dieser Button funktioniert nicht mehr: Er stammt von einer älteren Version des Bots. Führe den Befehl erneut aus, um einen neuen zu bekommen.",
  "error.deadControl": "Dieses Bedienelement bewirkt nichts mehr.",
  "moderator.notInDm": "Das funktioniert auf einem Server, nicht in Direktnachrichten.",
  "moderator.required": "Das ist für Moderatoren: Es braucht die Berechtigung **Server verwalten**.",
  "cancel.notYours":
    "Nur die Person, die dieses Bild angefordert hat (oder ein Moderator), kann es abbrechen.",
  "cancel.alreadyEnded": "Dieser Auftrag ist schon beendet: Es gibt nichts mehr abzubrechen.",
  "cancel.done": "Auftrag {{job}} von {{requester}} abgebrochen.",
  "reroll.notYours":
    "Nur die Person, die dieses Bild angefordert hat (oder ein Moderator), kann es neu erzeugen lassen.",
  "reroll.started": "Eine Neuerzeugung dieses Bildes wurde gerade gestartet.",
  "upscale.notAvailable": "Bild {{name}} dieses Auftrags ist beim Bilddienst nicht verfügbar.",
  "upscale.onItsWay": "{{name}} dieses Bildes ist schon unterwegs.",
  "posted.already": "{{name}} wurde bereits gepostet.",
  "posted.alreadyLink": "{{name}} wurde bereits gepostet: {{link}}",
  "enhance.notYours":
    "Nur die Person, für die dieses Bild gepostet wurde (oder ein Moderator), kann Verbessern {{factor}} nutzen: Es verbraucht Guthaben beim Bilddienst.",
  "enhance.noRoute": "Dieser Bilddienst kann nicht verbessern: Er macht keine größeren Kopien von Bildern.",
  "enhance.off": "Verbessern {{factor}} ist bei diesem Bot ausgeschaltet.",
  "enhance.started": "Verbessern {{factor}} wurde für dieses Bild gerade gestartet.",
  "tryAgain.expired":
    "Dieser Button **Erneut versuchen** ist abgelaufen (Beschreibungen werden {{kept}} aufbewahrt). Kopiere die Beschreibung aus der Nachricht oben und nutze `/$t(command.imagine.name)` erneut.",
  "tryAgain.notYours":
    "Dieser Button **Erneut versuchen** ist für die Person, deren Beschreibung abgelehnt wurde.",
  "history.notYours": "Diese Liste gehört jemand anderem: Nutze `/$t(command.history.name)` für deine.",
  "status.unknownJob": "Kein Auftrag {{job}} dieses Servers ist dem Bot bekannt (nach Auftrags-ID oder ref).",
  "show.unknownJob":
    "Kein Auftrag {{job}} ist dem Bot bekannt (nach Auftrags-ID oder ref). `/$t(command.history.name)` listet deine auf.",
  "show.notYours":
    "Nur die Person, die dieses Bild angefordert hat, oder ein Moderator des Servers, auf dem es erstellt wurde, kann es erneut zeigen.",
  "show.gone":
    "Dieses Bild ist beim Bilddienst nicht mehr verfügbar (es ist vielleicht alt oder gelöscht), daher kann es nicht erneut gezeigt werden.",
  "show.running": "Dieser Auftrag läuft noch, es gibt also nichts erneut zu zeigen.",
  "show.ended": "Dieser Auftrag endete ohne Bild ({{outcome}}), es gibt also nichts erneut zu zeigen.",
  "show.itsMessage": "Seine Nachricht: {{link}}",
  "show.notFinished": "Der Bilddienst hat dieses Bild nicht mehr als fertig; es kann nicht gezeigt werden.",
  "show.by": "Erneut gezeigt von {{mention}}.",
  "blend.count":
    "Eine Mischung braucht {{min}} bis {{max}} Bilder; du hast {{count}} angehängt. Hänge sie in den Bild-Optionen an, in der Reihenfolge, in der sie gemischt werden sollen.",
  "blend.aspectTwice":
    "Du hast das Seitenverhältnis zweimal gewählt: {{option}} in der Format-Option und {{typed}} in der Beschreibung. Behalte eines davon.",

  "outcome.completed": "✅ Fertig",
  "outcome.failed": "❌ Fehlgeschlagen",
  "outcome.timed-out": "⌛ Zeit überschritten (der Bot hat nicht mehr gewartet)",
  "outcome.lost": "❔ Verloren (der Dienst kennt ihn nicht mehr)",
  "outcome.message-deleted": "🗑️ Seine Nachricht wurde gelöscht",
  "outcome.cancelled": "✖️ Abgebrochen",

  "help.about":
    "**imagine-bot** macht aus einer Textbeschreibung (und optional Bildern) ein Raster aus vier Bildern.\nDer Fortschritt wird laufend angezeigt; unter dem Raster posten **U1–U4** ein Bild groß und **🔄** führt die Beschreibung erneut aus.",
  "help.enhance":
    "Unter einem einzelnen Bild erstellt {{buttons}} eine größere Kopie davon; jede verbraucht Guthaben beim Bilddienst.",
  "help.enhanceButton": "**Verbessern {{factor}}**",
  // Prompt checks: what to change before anything is sent to the service.
  "check.fixThese": "Bitte behebe Folgendes und versuche es erneut:",
  "check.andMore": "…und {{n}} weitere.",
  "check.empty": "Dein Prompt ist leer: Beschreibe das Bild, das du möchtest, z. B. {{example}}.",
  "check.imageNeedsWords":
    "Ein Bild-Prompt braucht auch Worte (oder ein zweites Bild): Beschreibe, was aus dem Bild werden soll, z. B. {{example}}.",
  "check.onlyParameters": "Dein Prompt hat nur Parameter: Beschreibe das Bild vor ihnen, z. B. {{example}}.",
  "check.tooLong":
    "Dein Prompt ist {{length}} Zeichen lang, {{over}} über der Grenze von {{max}}{{links}}. Kürze ihn um mindestens {{cut}} Zeichen.",
  "check.tooLongLink": " (der Bild-Link zählt mit)",
  "check.tooLongLinks": " (Bild-Links zählen mit)",
  "check.imageUrl": "Der Bild-Link {{url}} ist keine Webadresse (http oder https).",
  "check.permutation":
    "{{permutation}} ist eine Permutation, die hier nicht unterstützt wird: Sie bräuchte eine Bestätigung, die der Bot nicht geben kann, und startet einen Auftrag pro Option. Führe stattdessen `/$t(command.imagine.name)` für jede Option einzeln aus.",
  "check.repeat":
    "{{parameter}} wird hier nicht unterstützt: Es startet mehrere Aufträge auf einmal. Führe `/$t(command.imagine.name)` erneut aus, um eine weitere Serie zu bekommen.",
  "check.missingValue": "{{parameter}} braucht einen Wert, z. B. {{example}}.",
  "check.singleValue":
    "{{value}} ist ungültig: {{parameter}} nimmt einen einzigen Wert, z. B. {{example}}. Schreibe die Worte, die das Bild beschreiben, vor die Parameter.",
  "check.invalidValue": "{{value}} ist ungültig: Verwende {{expected}}, z. B. {{example}}.",
  "check.expected.wholeNumber": "eine ganze Zahl von {{min}} bis {{max}}",
  "check.expected.number": "eine Zahl von {{min}} bis {{max}}",
  "check.expected.oneOf": "einen von {{values}}",
  "check.expected.aspectRatio": "ganze Zahlen als Breite:Höhe",
  "check.expected.quality": "einen von .25, .5, 1, 2 oder 4",
  "check.attachment": "Anhang",
  "check.attachmentUnreadable":
    "Der Anhang {{name}} konnte nicht gelesen werden: Lade ihn bitte erneut hoch.",
  "check.attachmentType":
    "{{name}}{{type}} kann nicht als Bild-Prompt verwendet werden: Hänge ein PNG-, JPEG-, WebP- oder GIF-Bild an.",
  "check.attachmentTooLarge":
    "{{name}} ist {{size}} groß und damit zu groß: Ein Bild-Prompt darf höchstens {{max}} groß sein. Hänge ein kleineres Bild an.",
  "check.attachmentTooLargeUnknown":
    "{{name}} ist zu groß: Ein Bild-Prompt darf höchstens {{max}} groß sein. Hänge ein kleineres Bild an.",
  "check.notParameters":
    "{{value}} ist keine Liste von Parametern: Standard-Parameter beginnen mit `--`, z. B. {{example}}. Worte gehören in den jeweiligen Prompt.",
  "imageError.lostDetail": "Der Bilddienst kennt diesen Auftrag nicht mehr (er wurde vielleicht gelöscht).",
  // `/imagine-status` (moderators).
  "statusPage.title": "📊 Status des Bilddienstes",
  "statusPage.condition.healthy": "gesund",
  "statusPage.condition.degraded": "beeinträchtigt",
  "statusPage.condition.unreachable": "nicht erreichbar",
  "statusPage.condition.unhealthy": "gestört",
  "statusPage.condition.starting": "startet",
  "statusPage.condition.paused": "pausiert",
  "statusPage.features": "Dienst: {{ref}} · {{enhance}}",
  "statusPage.refSent": "ref wird gesendet",
  "statusPage.refOmitted": "kein ref (Aufträge nach Bild-ID zugeordnet)",
  "statusPage.refUnknown": "ref noch nicht ermittelt",
  "statusPage.enhanceRoute": "Upscale-Route vorhanden",
  "statusPage.noEnhanceRoute": "keine Upscale-Route (kein Verbessern)",
  "statusPage.enhanceUnknown": "Upscale-Route noch nicht ermittelt",
  "statusPage.stalePending":
    "⚠️ Aufträge, die seit über {{minutes}} Min. auf ihren Start warten: {{count}}. Der Dienst meldet sich gesund, aber die Meldung ist vielleicht veraltet (sein Midjourney-Bot läuft vielleicht nicht).",
  "statusPage.degraded":
    "der Dienst meldet sich gesund, aber Anfragen an ihn sind in den letzten Minuten fehlgeschlagen",
  "statusPage.noAnswer": "keine Antwort",
  "statusPage.latency": "Latenz: {{latency}} · geprüft {{checked}}",
  "statusPage.lastError": "Letzter Fehler {{when}}: {{error}}",
  "statusPage.last24h": "Letzte 24 Stunden",
  "statusPage.counts": "✅ {{completed}} fertig\n❌ {{failed}} fehlgeschlagen\n⌛ {{timedOut}} abgelaufen",
  "statusPage.limits": "Geltende Grenzen",
  "statusPage.cooldown": "{{duration}} Wartezeit",
  "statusPage.noCooldown": "keine Wartezeit",
  "statusPage.limitsUser": "Pro Mitglied: {{active}} gleichzeitig, {{cooldown}} (Moderatoren ausgenommen)",
  "statusPage.limitsServer": "Pro Server: {{active}} gleichzeitig",
  "statusPage.limitsPrompt": "Prompts: höchstens {{max}} Zeichen",
  "statusPage.limitsBanned_one": "Verbotene Wörter: {{count}} Eintrag",
  "statusPage.limitsBanned_other": "Verbotene Wörter: {{count}} Einträge",
  "statusPage.processes": "Bot-Prozesse: {{alive}} aktiv",
  "statusPage.noProcesses": "keine gesehen",
  "statusPage.noShards": "keine Shards",
  "statusPage.shards": "Shards {{shards}}",
  "statusPage.answeredThis": " (hat hierauf geantwortet)",
  "statusPage.jobs_one": "{{count}} Auftrag",
  "statusPage.jobs_other": "{{count}} Aufträge",
  "statusPage.andMore": "…und {{n}} weitere",
  "statusPage.started": "gestartet {{when}}",
  "statusPage.inFlightNone": "🖌️ Laufend auf diesem Server: keine",
  "statusPage.inFlightNothing": "Auf diesem Server wird gerade nichts erzeugt.",
  "statusPage.inFlight": "🖌️ Laufend auf diesem Server: {{from}}-{{to}} von {{total}}",
  "statusPage.page": "Seite {{page}} von {{pages}} · älteste zuerst",
  "statusPage.cancel": "{{n}} abbrechen",
  "statusPage.failures": "❌ Letzte Fehlschläge",
  "statusPage.failuresSome": "❌ Letzte Fehlschläge: die {{shown}} neuesten von {{total}}",
  "statusPage.noFailures": "Keine Fehlschläge in letzter Zeit.",
  "statusPage.previous": "Zurück",
  "statusPage.refresh": "Aktualisieren",
  "statusPage.next": "Weiter",
  "statusJob.title": "🔎 Auftrag {{id}}",
  "statusJob.footer": "Bild {{id}}",
  "statusJob.images": "**Bilder**",
  "statusJob.grid": "Raster",
  "statusJob.preview": "Vorschau",
  "statusJob.notALink": "{{label}}: {{url}} (kein verwendbarer Link)",
  "statusJob.moreLinks": " · und {{n}} weitere",
  "statusJob.upscaleOf": "U{{n}} von {{parent}}, vergrößert {{factor}}",
  "statusJob.inFlight": "⏳ Läuft",
  "statusJob.delivered": ", zugestellt",
  "statusJob.notDelivered": ", nicht zugestellt",
  "statusJob.jump": "Zur Nachricht springen",
  "statusJob.notKnownYet": "Noch nicht bekannt",
  "statusJob.where": "in {{place}}, aus {{source}}",
  "statusJob.inDm": "einer DM",
  "statusJob.inServer": "diesem Server",
  "statusJob.fromDm": "einem DM-Prompt",
  "statusJob.fromCommand": "einem Befehl",
  "statusJob.lastSeen": "{{status}} (zuletzt gesehen; der Eintrag konnte nicht geladen werden)",
  "statusJob.field.status": "Status",
  "statusJob.field.progress": "Fortschritt",
  "statusJob.field.outcome": "Ergebnis beim Bot",
  "statusJob.field.message": "Nachricht",
  "statusJob.field.ref": "Ref",
  "statusJob.field.created": "Erstellt (Dienst)",
  "statusJob.field.upscaleOf": "Vergrößerung von",
  "statusJob.field.error": "Fehler",
  "help.commands":
    "**Befehle**\n• `/$t(command.imagine.name) $t(command.imagine.prompt.name):` (optional `$t(command.imagine.image.name):`): eine Beschreibung in diesem Kanal zeichnen.\n• `/$t(command.blend.name) $t(command.blend.image1.name): $t(command.blend.image2.name):` (bis `$t(command.blend.image5.name):`, optional `$t(command.blend.prompt.name):` und `$t(command.blend.aspect.name):`): 2–5 Bilder mischen.\n• `/$t(command.imagine-status.name)` (Moderatoren): Zustand des Dienstes, Aufträge dieses Servers, letzte Fehler und Limits.\n• `/$t(command.history.name)`: deine letzten Bilder (auf einem Server die dieses Servers; in Direktnachrichten alle), mit Links. `/$t(command.show.name) $t(command.show.job.name):` postet eines erneut.\n• `/$t(command.help.name)`: diese Nachricht.\n• Schick mir per Direktnachricht eine Beschreibung (gern mit angehängten Bildern); schick `help` für diese Nachricht.",
  "help.syntax":
    "**Prompt-Syntax**: zuerst Bild-URLs, dann der Text, dann Parameter.\n> ein Leuchtturm in der Dämmerung, Ölgemälde --ar 16:9\n> https://example.com/cat.png eine Katze als Ritter --iw 1.5\n> ein nebliger Wald --no people, text --chaos 20 --stylize 300 --v 6",
  "help.parameters": "Parameter: {{parameters}}.",
  "help.unsupported": "Permutationen `{a, b}` und `--repeat` werden nicht unterstützt.",
  "help.limitsServer": "**Deine Limits auf diesem Server**",
  "help.limitsDm": "**Deine Limits in Direktnachrichten**",
  "help.moderator": "• Als Moderator hast du kein Limit pro Person für Aufträge oder Wartezeit.",
  "help.userActive_one": "• Höchstens {{count}} Bild gleichzeitig; bei dir laufen gerade {{active}}.",
  "help.userActive_other": "• Höchstens {{count}} Bilder gleichzeitig; bei dir laufen gerade {{active}}.",
  "help.cooldown": "• Warte {{cooldown}} zwischen zwei Beschreibungen.",
  "help.noCooldown": "• Keine Wartezeit zwischen Beschreibungen.",
  "help.guildActive_one":
    "• Dieser Server erzeugt höchstens {{count}} Bild gleichzeitig; gerade laufen {{active}}.",
  "help.guildActive_other":
    "• Dieser Server erzeugt höchstens {{count}} Bilder gleichzeitig; gerade laufen {{active}}.",
  "help.promptLength": "• Beschreibungen bis zu {{max}} Zeichen.",

  "history.empty":
    "Du hast auf diesem Server keine Bilder, an die sich der Bot noch erinnert. Nutze `/$t(command.imagine.name)`, um eines zu erstellen.",
  "history.emptyEverywhere":
    "Du hast keine Bilder, an die sich der Bot noch erinnert. Nutze `/$t(command.imagine.name)`, um eines zu erstellen.",
  "history.title": "🖼️ Deine Bilder auf diesem Server",
  "history.titleEverywhere": "🖼️ Deine Bilder überall",
  "history.footer":
    "Seite {{page}} · neueste zuerst · /$t(command.show.name) $t(command.show.job.name):<id> postet eines erneut",
  "history.inDm": "in Direktnachrichten",
  "history.inServer": "auf einem Server",
  "history.noMessage": "Nachricht unbekannt",
  "history.jump": "zur Nachricht",
  "history.show": "Zeigen {{n}}",
  "history.newer": "◀ Neuer",
  "history.older": "Älter ▶",

  // `/quota`.
  "quota.title": "**Deine Bilder auf diesem Server**",
  "quota.titleDm": "**Deine Bilder in Direktnachrichten**",
  "quota.source.server": "Einstellung dieses Servers",
  "quota.source.role": "deine Rolle {{role}}",
  "quota.source.anyRole": "deine Rolle",
  "quota.source.owner": "Standard des Bots",
  "quota.dailyUnlimited_one": "• Du hast heute {{count}} Bild gestartet; es gibt kein Tageslimit.",
  "quota.dailyUnlimited_other": "• Du hast heute {{count}} Bilder gestartet; es gibt kein Tageslimit.",
  "quota.dailyModerator_one":
    "• Du hast heute {{count}} Bild gestartet; als Moderator gilt das Tageslimit ({{limit}}) nicht für dich.",
  "quota.dailyModerator_other":
    "• Du hast heute {{count}} Bilder gestartet; als Moderator gilt das Tageslimit ({{limit}}) nicht für dich.",
  "quota.daily_one":
    "• Du hast heute {{count}} Bild von {{limit}} pro Tag gestartet ({{source}}): **{{left}} übrig**.",
  "quota.daily_other":
    "• Du hast heute {{count}} Bilder von {{limit}} pro Tag gestartet ({{source}}): **{{left}} übrig**.",
  "quota.reset": "• Die Tageszählung beginnt {{relative}} neu ({{absolute}}, Mitternacht UTC).",
  "quota.activeModerator_one":
    "• Bei dir wird {{count}} Bild erzeugt; als Moderator hast du kein Limit für gleichzeitige Aufträge.",
  "quota.activeModerator_other":
    "• Bei dir werden {{count}} Bilder erzeugt; als Moderator hast du kein Limit für gleichzeitige Aufträge.",
  "quota.active_one":
    "• Bei dir wird {{count}} Bild erzeugt, von höchstens {{limit}} gleichzeitig ({{source}}).",
  "quota.active_other":
    "• Bei dir werden {{count}} Bilder erzeugt, von höchstens {{limit}} gleichzeitig ({{source}}).",
  "quota.noCooldown": "• Keine Wartezeit zwischen Bildern.",
  "quota.cooldownNow": "• Warte {{wait}} zwischen Bildern ({{source}}): Du kannst jetzt eines starten.",
  "quota.cooldownNext":
    "• Warte {{wait}} zwischen Bildern ({{source}}): Du kannst das nächste {{when}} starten.",
  "quota.soon": "bald",
  // `/imagine-config` (Moderatoren): der Befehl, seine Optionen und Auswahlen, und seine Antworten.
  "command.imagine-config.name": "bild-konfig",
  "command.imagine-config.description":
    "Bildeinstellungen dieses Servers: Limits, verbotene Wörter, Kanäle, Standards (Moderatoren)",
  "command.imagine-config.show.name": "anzeigen",
  "command.imagine-config.show.description": "Jede hier geltende Einstellung und woher sie stammt",
  "command.imagine-config.limits.name": "limits",
  "command.imagine-config.limits.description": "Limits für jedes Mitglied und für den Server",
  "command.imagine-config.limits.set.name": "setzen",
  "command.imagine-config.limits.set.description": "Limits setzen (die anderen bleiben)",
  "command.imagine-config.limits.set.per_user_active.name": "aktiv_pro_mitglied",
  "command.imagine-config.limits.set.per_user_active.description":
    "Aufträge, die ein Mitglied gleichzeitig laufen haben darf",
  "command.imagine-config.limits.set.cooldown_seconds.name": "wartezeit_sekunden",
  "command.imagine-config.limits.set.cooldown_seconds.description":
    "Sekunden zwischen den Beschreibungen eines Mitglieds (0: keine)",
  "command.imagine-config.limits.set.daily_images.name": "bilder_pro_tag",
  "command.imagine-config.limits.set.daily_images.description":
    "Bilder, die ein Mitglied pro Tag (UTC) starten darf",
  "command.imagine-config.limits.set.server_active.name": "aktiv_im_server",
  "command.imagine-config.limits.set.server_active.description":
    "Aufträge, die der ganze Server gleichzeitig laufen haben darf",
  "command.imagine-config.limits.clear.name": "entfernen",
  "command.imagine-config.limits.clear.description": "Zurück zum Standard des Betreibers",
  "command.imagine-config.limits.clear.limit.name": "limit",
  "command.imagine-config.limits.clear.limit.description": "Welches Limit (Standard: alle)",
  "command.imagine-config.limits.clear.limit.choice.per_user_active":
    "Aufträge, die ein Mitglied gleichzeitig laufen haben darf",
  "command.imagine-config.limits.clear.limit.choice.cooldown_seconds":
    "Sekunden zwischen den Beschreibungen eines Mitglieds (0: keine)",
  "command.imagine-config.limits.clear.limit.choice.daily_images":
    "Bilder, die ein Mitglied pro Tag (UTC) starten darf",
  "command.imagine-config.limits.clear.limit.choice.server_active":
    "Aufträge, die der ganze Server gleichzeitig laufen haben darf",
  "command.imagine-config.role-limits.name": "rollen-limits",
  "command.imagine-config.role-limits.description":
    "Eigene Mitglieder-Limits einer Rolle (es gilt die großzügigste Rolle eines Mitglieds)",
  "command.imagine-config.role-limits.set.name": "setzen",
  "command.imagine-config.role-limits.set.description": "Die Limits einer Rolle setzen",
  "command.imagine-config.role-limits.set.role.name": "rolle",
  "command.imagine-config.role-limits.set.role.description": "Die Rolle",
  "command.imagine-config.role-limits.set.per_user_active.name": "aktiv_pro_mitglied",
  "command.imagine-config.role-limits.set.per_user_active.description":
    "Aufträge, die ein Mitglied gleichzeitig laufen haben darf",
  "command.imagine-config.role-limits.set.cooldown_seconds.name": "wartezeit_sekunden",
  "command.imagine-config.role-limits.set.cooldown_seconds.description":
    "Sekunden zwischen den Beschreibungen eines Mitglieds (0: keine)",
  "command.imagine-config.role-limits.set.daily_images.name": "bilder_pro_tag",
  "command.imagine-config.role-limits.set.daily_images.description":
    "Bilder, die ein Mitglied pro Tag (UTC) starten darf",
  "command.imagine-config.role-limits.clear.name": "entfernen",
  "command.imagine-config.role-limits.clear.description": "Die Limits einer Rolle entfernen",
  "command.imagine-config.role-limits.clear.role.name": "rolle",
  "command.imagine-config.role-limits.clear.role.description": "Die Rolle",
  "command.imagine-config.banned-words.name": "verbotene-wörter",
  "command.imagine-config.banned-words.description":
    "Hier in Beschreibungen verbotene Wörter (die Liste des Betreibers gilt immer zusätzlich)",
  "command.imagine-config.banned-words.add.name": "hinzufügen",
  "command.imagine-config.banned-words.add.description": "Wörter oder Wendungen verbieten",
  "command.imagine-config.banned-words.add.words.name": "wörter",
  "command.imagine-config.banned-words.add.words.description":
    "Durch Kommas getrennt, z. B. gore, dunkle magie",
  "command.imagine-config.banned-words.remove.name": "entfernen",
  "command.imagine-config.banned-words.remove.description": "Verbotene Wörter wieder erlauben",
  "command.imagine-config.banned-words.remove.words.name": "wörter",
  "command.imagine-config.banned-words.remove.words.description": "Durch Kommas getrennt",
  "command.imagine-config.banned-words.list.name": "liste",
  "command.imagine-config.banned-words.list.description": "Die verbotenen Wörter dieses Servers",
  "command.imagine-config.audit-channel.name": "protokollkanal",
  "command.imagine-config.audit-channel.description":
    "Wohin Aufträge, Ablehnungen, Ergebnisse und Änderungen der Einstellungen gepostet werden",
  "command.imagine-config.audit-channel.set.name": "setzen",
  "command.imagine-config.audit-channel.set.description": "In einem Kanal posten",
  "command.imagine-config.audit-channel.set.channel.name": "kanal",
  "command.imagine-config.audit-channel.set.channel.description": "Ein Textkanal",
  "command.imagine-config.audit-channel.clear.name": "entfernen",
  "command.imagine-config.audit-channel.clear.description":
    "Zurück zum Protokollkanal des Betreibers, falls es einen gibt",
  "command.imagine-config.channels.name": "kanäle",
  "command.imagine-config.channels.description": "Die Kanäle wählen, in denen /bild benutzt werden darf",
  "command.imagine-config.age-restricted-only.name": "nur-altersbeschränkt",
  "command.imagine-config.age-restricted-only.description":
    "Beschreibungen und Ergebnisse nur in altersbeschränkten Kanälen",
  "command.imagine-config.age-restricted-only.enabled.name": "aktiviert",
  "command.imagine-config.age-restricted-only.enabled.description": "An oder aus",
  "command.imagine-config.default-parameters.name": "standard-parameter",
  "command.imagine-config.default-parameters.description":
    "Parameter, die hier jeder Beschreibung angehängt werden, außer sie setzt sie selbst",
  "command.imagine-config.default-parameters.set.name": "setzen",
  "command.imagine-config.default-parameters.set.description": "z. B. --v 7 --stylize 100",
  "command.imagine-config.default-parameters.set.parameters.name": "parameter",
  "command.imagine-config.default-parameters.set.parameters.description": "Nur Parameter, z. B. --v 7",
  "command.imagine-config.default-parameters.clear.name": "entfernen",
  "command.imagine-config.default-parameters.clear.description": "Keine Standard-Parameter",
  "command.imagine-config.enhance.name": "verbessern",
  "command.imagine-config.enhance.description":
    "Ob unter einzelnen Bildern Verbessern-Knöpfe angeboten werden",
  "command.imagine-config.enhance.enabled.name": "aktiviert",
  "command.imagine-config.enhance.enabled.description": "An oder aus",
  "command.imagine-config.reset.name": "zurücksetzen",
  "command.imagine-config.reset.description":
    "Alle Einstellungen dieses Servers entfernen (fragt vorher nach)",
  "setting.userMaxActive": "Gleichzeitige Aufträge pro Mitglied",
  "setting.userCooldownMs": "Wartezeit zwischen den Beschreibungen eines Mitglieds",
  "setting.userDailyImages": "Bilder pro Mitglied und Tag",
  "setting.guildMaxActive": "Gleichzeitige Aufträge in diesem Server",
  "setting.bannedWords": "Verbotene Wörter",
  "setting.auditChannel": "Protokollkanal",
  "setting.allowedChannels": "Kanäle für /$t(command.imagine.name)",
  "setting.ageRestrictedOnly": "Nur altersbeschränkte Kanäle",
  "setting.defaultParameters": "Standard-Parameter",
  "setting.enhance": "Verbessern-Knöpfe",
  "setting.suffix": "Zusatz",
  "setting.aspectRatio": "Standard-Seitenverhältnis",
  "setting.delivery": "Zustellung der Ergebnisse",
  "setting.language": "Sprache",
  "setting.on": "an",
  "setting.off": "aus",
  "setting.none": "keine",
  "setting.notSet": "nicht gesetzt",
  "setting.byDm": "per Direktnachricht",
  "setting.inChannel": "im Kanal",
  "setting.noLimit": "kein Limit",
  "setting.allChannels": "alle",
  "setting.source.server": "dieser Server",
  "setting.source.role": "Rolle",
  "setting.source.owner": "Standard des Betreibers",
  "config.show.title": "In diesem Server geltende Einstellungen",
  "config.show.bannedWords": "{{server}} dieses Servers",
  "config.show.bannedWordsOwner": "{{server}} dieses Servers (+ {{owner}} des Betreibers, immer)",
  "config.show.noRoles":
    "Keine Rollen-Limits. `/$t(command.imagine-config.name) $t(command.imagine-config.role-limits.name) $t(command.imagine-config.role-limits.set.name)` gibt einer Rolle eigene Limits (es gilt die großzügigste Rolle eines Mitglieds).",
  "config.show.roles": "**Rollen-Limits** (es gilt die großzügigste Rolle eines Mitglieds):",
  "config.show.footer": "Für Moderatoren gelten die Limits pro Mitglied nicht.",
  "config.channels.placeholder":
    "Kanäle, in denen /$t(command.imagine.name) benutzt werden darf (keiner: alle)",
  "config.channels.all":
    "`/$t(command.imagine.name)` darf jetzt in jedem Kanal benutzt werden. Wähle die Kanäle, in denen es benutzt werden darf:",
  "config.channels.some":
    "`/$t(command.imagine.name)` darf jetzt in {{channels}} benutzt werden. Wähle die Kanäle (keiner: alle):",
  "config.reset.button": "Alle Einstellungen zurücksetzen",
  "config.reset.title": "Die Einstellungen dieses Servers zurücksetzen?",
  "config.reset.nothing":
    "Dieser Server hat keine eigenen Einstellungen: Es gelten die Standards des Betreibers.",
  "config.reset.all": "All diese kehren zu den Standards des Betreibers zurück.",
  "config.otherServer": "Dieses Menü gehört zu den Einstellungen eines anderen Servers.",
  "config.limitsMissing": "Gib mindestens ein Limit an: {{options}}.",
  "config.enhanceUnavailable":
    "Verbessern kann hier nicht eingeschaltet werden: Der Betreiber des Bots bietet keine Vergrößerungsfaktoren an (`ENHANCE_FACTORS`).",
  "config.bannedWords.title": "Verbotene Wörter dieses Servers",
  "config.bannedWords.none": "Dieser Server hat keine eigenen verbotenen Wörter.",
  "config.bannedWords.ownerNone": "Der Betreiber des Bots hat für alle Server keine Wörter verboten.",
  "config.bannedWords.owner_one":
    "Die Liste des Betreibers ({{count}} Wort) gilt immer zusätzlich zu diesen.",
  "config.bannedWords.owner_other":
    "Die Liste des Betreibers ({{count}} Wörter) gilt immer zusätzlich zu diesen.",
  "settings.changed.title": "Einstellungen geändert",
  "settings.changed.nothing": "Nichts geändert: Das ist bereits die Einstellung.",
  "settings.changed.server": "Gilt ab sofort für diesen Server.",
  "settings.changed.member": "Gilt ab deiner nächsten Beschreibung.",
  "settings.show.title": "Deine Einstellungen",
  "settings.show.unset": "{{notSet}} ({{fallback}})",
  "settings.show.defaultSuffix": "keiner",
  "settings.show.defaultAspectRatio": "das der Beschreibung, sonst 1:1",
  "settings.show.defaultDelivery": "im Kanal",
  "settings.show.defaultLanguage": "deine Discord-Sprache",
  "settings.show.note":
    "Sie gelten überall, wo du den Bot benutzt (Server und Direktnachrichten). Die eigenen Parameter einer Beschreibung haben Vorrang.",
};

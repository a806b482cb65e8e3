/** French (Français). Keys and placeholders as in `en.ts`; a missing key shows the English text. */
import type { Translations } from "../text-keys.js";

export const fr: Translations = {
  "command.imagine.name": "imaginer",
  "command.imagine.description": "Créer une image à partir d'un texte",
  "command.imagine.prompt.name": "description",
  "command.imagine.prompt.description":
    "Ce qu'il faut dessiner. Les paramètres Midjourney marchent, ex. --ar 16:9",
  "command.imagine.image.name": "image",
  "command.imagine.image.description": "Une image de départ (PNG, JPEG, WebP ou GIF)",
  "command.blend.name": "fusionner",
  "command.blend.description": "Fusionner 2 à 5 images en une nouvelle image",
  "command.blend.image1.name": "image1",
  "command.blend.image1.description": "Image 1 (PNG, JPEG, WebP ou GIF)",
  "command.blend.image2.name": "image2",
  "command.blend.image2.description": "Image 2 (PNG, JPEG, WebP ou GIF)",
  "command.blend.image3.name": "image3",
  "command.blend.image3.description": "Image 3 (PNG, JPEG, WebP ou GIF)",
  "command.blend.image4.name": "image4",
  "command.blend.image4.description": "Image 4 (PNG, JPEG, WebP ou GIF)",
  "command.blend.image5.name": "image5",
  "command.blend.image5.description": "Image 5 (PNG, JPEG, WebP ou GIF)",
  "command.blend.prompt.name": "description",
  "command.blend.prompt.description": "Mots facultatifs (et paramètres) après les images",
  "command.blend.aspect.name": "format",
  "command.blend.aspect.description": "Format du résultat (--ar)",
  "command.blend.aspect.choice.1:1": "Carré (1:1)",
  "command.blend.aspect.choice.2:3": "Portrait (2:3)",
  "command.blend.aspect.choice.3:2": "Paysage (3:2)",
  "command.blend.aspect.choice.9:16": "Haut (9:16)",
  "command.blend.aspect.choice.16:9": "Large (16:9)",
  "command.imagine-status.name": "imaginer-statut",
  "command.imagine-status.description":
    "État du service d'images, tâches de ce serveur, échecs récents et limites (modérateurs)",
  "command.imagine-status.job.name": "tâche",
  "command.imagine-status.job.description": "Un id de tâche ou l'id de l'interaction (ref) qui l'a lancée",
  "command.help.name": "aide",
  "command.help.description": "Ce que fait ce bot, ses commandes, la syntaxe des descriptions et tes limites",
  "command.history.name": "historique",
  "command.history.description": "Tes images récentes : description, résultat, date et un lien vers chacune",
  "command.show.name": "montrer",
  "command.show.description": "Publier à nouveau une de tes images terminées, avec ses boutons",
  "command.show.job.name": "tâche",
  "command.show.job.description":
    "L'id de la tâche (voir /historique) ou l'id de l'interaction (ref) qui l'a lancée",

  "command.quota.name": "quota",
  "command.quota.description":
    "Ce qu'il te reste aujourd'hui : images, tâches simultanées et quand lancer la suivante",
  "command.settings.name": "préférences",
  "command.settings.description": "Tes préférences : suffixe, format, où vont les résultats, langue",
  "command.settings.show.name": "afficher",
  "command.settings.show.description": "Afficher tes préférences",
  "command.settings.suffix.name": "suffixe",
  "command.settings.suffix.description":
    "Mots ou paramètres ajoutés à chacune de tes descriptions (laisser vide pour retirer)",
  "command.settings.suffix.text.name": "texte",
  "command.settings.suffix.text.description": "ex. --ar 16:9 --v 6, ou : peinture à l'huile",
  "command.settings.aspect-ratio.name": "format",
  "command.settings.aspect-ratio.description":
    "Format quand une description n'en donne pas (laisser vide pour 1:1)",
  "command.settings.aspect-ratio.ratio.name": "rapport",
  "command.settings.aspect-ratio.ratio.description": "largeur:hauteur, ex. 16:9",
  "command.settings.delivery.name": "livraison",
  "command.settings.delivery.description": "Où tes images terminées sont publiées",
  "command.settings.delivery.where.name": "où",
  "command.settings.delivery.where.description": "Dans le salon où tu as demandé, ou en messages privés",
  "command.settings.delivery.where.choice.channel": "Dans le salon",
  "command.settings.delivery.where.choice.dm": "En message privé",
  "command.settings.language.name": "langue",
  "command.settings.language.description":
    "La langue dans laquelle le bot te répond (laisser vide pour ta langue Discord)",
  "command.settings.language.language.name": "langue",
  "command.settings.language.language.description": "Une des langues du bot",
  "command.settings.reset.name": "réinitialiser",
  "command.settings.reset.description": "Retirer toutes tes préférences",
  "help.quota":
    "• `/$t(command.quota.name)` : ce qu'il te reste aujourd'hui (images, tâches simultanées, délai) et quand cela repart.",
  "duration.hours_one": "{{count}} heure",
  "duration.hours_many": "{{count}} heures",
  "duration.hours_other": "{{count}} heures",
  "duration.minutes_one": "{{count}} minute",
  "duration.minutes_many": "{{count}} minutes",
  "duration.minutes_other": "{{count}} minutes",
  "duration.seconds_one": "{{count}} seconde",
  "duration.seconds_many": "{{count}} secondes",
  "duration.seconds_other": "{{count}} secondes",
  "elapsed.hours": "{{n}} h",
  "elapsed.minutes": "{{n}} min",
  "elapsed.seconds": "{{n}} s",
  "status.pending": "⏳ En file d'attente",
  "status.in-progress": "🖌️ Génération",
  "status.completed": "✅ Finalisation",
  "status.failed": "❌ Échec",
  "status.other": "⏳ En attente ({{status}})",

  "prompt.heading": "**Description**",
  "prompt.empty": "*(description vide)*",
  "job.footer": "Tâche {{id}}",
  "field.requestedBy": "Demandé par",
  "field.requested": "Demandé",
  "field.started": "Commencé",
  "field.finished": "Terminé",
  "field.finishedIn": "en {{elapsed}}",
  "field.aspectRatio": "Format",
  "button.cancel": "Annuler",
  "button.tryAgain": "Réessayer",

  "progress.submitting": "🎨 Envoi de ta description…",
  "progress.pending":
    "En attente du démarrage de ta tâche par le générateur. Cela peut prendre du temps quand il est chargé.",
  "progress.started": "Le générateur a commencé ton image.",
  "progress.drawing": "Le générateur dessine ton image ; l'aperçu devient plus net au fur et à mesure.",
  "progress.completed": "Ton image est prête et arrive.",
  "progress.failed": "La tâche a échoué.",
  "progress.other": "Le service indique la tâche comme « {{status}} » ; en attente de son démarrage.",
  "progress.serviceUnanswering":
    "⚠️ Le service d'images ne répond pas pour le moment. Le bot continue d'essayer et mettra ce message à jour dès qu'il répondra.",

  "progress.serviceStarting":
    "⏳ Le service d'images indique qu'il démarre. Ta tâche attend dans sa file et commence dès que le service est prêt.",
  "progress.serviceDown":
    "⚠️ Le service d'images indique qu'il est en panne. Ta tâche attend dans sa file et commence quand le service repart, si c'est avant la limite de temps.",
  "result.title": "✅ Ton image est prête",
  "result.content": "{{mention}} ton image est prête.",
  "result.note": "Choisis **U1–U4** pour obtenir une image seule, ou 🔄 pour relancer la description.",
  "result.noteNoImage":
    "⚠️ L'image ne peut pas être affichée ici. Choisis **U1–U4** pour des images seules, ou 🔄 pour réessayer.",
  "result.pointerBelow": "⤵️ Le résultat a été publié plus bas.",
  "result.pointer": "⤵️ Le résultat est ici : {{link}}",
  "upscale.title": "🖼️ Image {{name}}",
  "upscale.content": "{{mention}} voici l'image {{name}}.",
  "upscale.unavailable": "L'image {{name}} n'est pas disponible",
  "upscale.thisUnavailable": "Cette image n'est pas disponible",
  "upscale.notReturned":
    "Le service d'images n'a pas renvoyé cette image. Utilise 🔄 sur la grille pour relancer la description.",
  "upscale.notShown": "Cette image ne peut pas être affichée ici. Réessaie le bouton dans un instant.",
  "enhance.creditNote":
    "**Améliorer** crée une copie plus grande de cette image ; chacune consomme des crédits du service d'images.",
  "enhance.button": "Améliorer {{factor}} (coûte des crédits)",
  "enhance.tryAgain": "Réessayer (coûte des crédits)",
  "enhance.title": "🔍 Image {{name}} améliorée {{factor}}",
  "enhance.content": "{{mention}} ton image améliorée {{name}} {{factor}} est prête.",
  "enhance.notShown": "⚠️ L'image améliorée ne peut pas être affichée ici.",

  "failure.title": "❌ Ton image n'a pas pu être créée",
  "failure.content": "{{mention}} ton image n'a pas pu être créée.",
  "failure.serviceSaid": "Le service a dit",
  "failure.generatorSaid": "Le générateur a dit",
  "failure.privateNotice": "Cette description n'a pas pu être générée.",
  "failure.privateNoticeJob": "Cette description n'a pas pu être générée. Tâche {{id}}",
  "timeout.title": "⌛ Attente arrêtée après {{waited}}",
  "timeout.description":
    "Le service d'images n'a pas terminé cette tâche en {{waited}}, le bot a donc cessé de l'attendre. Le générateur est peut-être chargé ou bloqué. Réessaie plus tard avec le bouton ci-dessous ou avec `/$t(command.imagine.name)`.",
  "timeout.content": "{{mention}} ton image a pris trop de temps.",
  "cancelled.title": "✖️ Annulée",
  "cancelled.content": "Annulée par {{by}}",
  "cancelled.someone": "quelqu'un",
  "cancelled.description": "Le bot ne suit plus cette tâche ; son résultat ne sera pas publié.",
  "cancelled.descriptionFor":
    "Le bot ne suit plus cette tâche (demandée par {{requester}}) ; son résultat ne sera pas publié.",

  "imageError.moderation.summary": "La modération du générateur d'images a refusé cette description.",
  "imageError.moderation.hint": "Reformule la description sans les mots qui posent problème, puis réessaie.",
  "imageError.invalid-parameter.summary":
    "Le générateur d'images n'a pas pu accepter un paramètre de cette description.",
  "imageError.invalid-parameter.hint": "Corrige le paramètre `--` qu'il indique, puis réessaie.",
  "imageError.generator.summary": "Le générateur d'images a refusé la tâche.",
  "imageError.generator.hint": "Modifie la description si son message le demande, puis réessaie.",
  "imageError.prompt-timeout.summary": "Le générateur a reçu la description mais n'a jamais lancé la tâche.",
  "imageError.prompt-timeout.hint": "C'est généralement passager : réessaie.",
  "imageError.queue-timeout.summary":
    "La tâche a attendu trop longtemps dans la file du générateur et a été abandonnée.",
  "imageError.queue-timeout.hint": "Le générateur est chargé : réessaie dans quelques minutes.",
  "imageError.completion-timeout.summary":
    "Le générateur a commencé l'image mais ne l'a pas terminée à temps.",
  "imageError.completion-timeout.hint":
    "Réessaie ; si cela se répète, le générateur est peut-être surchargé.",
  "imageError.not-delivered.summary":
    "Le générateur a créé l'image, mais elle n'est jamais arrivée au service d'images.",
  "imageError.not-delivered.hint": "Réessaie.",
  "imageError.no-image.summary":
    "Le service d'images a dit que l'image était terminée, mais n'a envoyé aucune image affichable.",
  "imageError.no-image.hint": "Réessaie ; si cela se répète, préviens un admin.",
  "imageError.unspecified.summary": "Le service d'images a échoué sans dire pourquoi.",
  "imageError.unspecified.hint": "Réessaie ; si l'échec persiste, préviens un admin.",
  "imageError.no-reason.summary":
    "Le service d'images a marqué la tâche comme échouée sans donner de raison.",
  "imageError.no-reason.hint": "Réessaie.",
  "imageError.unknown.summary": "Le service d'images a signalé une erreur.",
  "imageError.unknown.hint": "Réessaie ; si l'échec persiste, préviens un admin.",

  "serviceError.unavailable.title": "Le service d'images est indisponible",
  "serviceError.unavailable.message":
    "Le service d'images ne répond pas correctement pour le moment. Réessaie dans quelques minutes.",
  "serviceError.internal.title": "Le service d'images a échoué",
  "serviceError.internal.message":
    "Le service d'images a eu une erreur interne sans dire pourquoi, donc réessayer risque de ne pas aider. Le propriétaire du bot peut trouver la cause dans les journaux du service.",
  "serviceError.misconfigured.title": "Le bot est mal configuré",
  "serviceError.unauthorized.message":
    "Le service d'images n'a pas accepté les identifiants du bot. Un admin a été prévenu ; réessaie plus tard.",
  "serviceError.forbidden.message":
    "Le service d'images a refusé la requête du bot. Un admin a été prévenu ; réessaie plus tard.",
  "serviceError.quota.title": "Le quota d'images est épuisé",
  "serviceError.quota.message":
    "Ce bot a épuisé son quota d'images : aucune nouvelle image ne peut être créée pour l'instant. Un admin peut en ajouter.",
  "serviceError.busy.title": "Le service d'images est occupé",
  "serviceError.busy.message": "Trop d'images sont demandées en ce moment. Réessaie dans {{seconds}} s.",
  "serviceError.busy.messageMinute": "Trop d'images sont demandées en ce moment. Réessaie dans une minute.",
  "serviceError.refused.title": "La description a été refusée",
  "serviceError.refused.message": "Le service d'images a refusé cette description. Modifie-la et réessaie.",
  "serviceError.refused.messageQuoted":
    "Le service d'images a refusé cette description : « {{said}} ». Modifie-la et réessaie.",
  "serviceError.imageGone":
    "Cette image n'est plus disponible auprès du service d'images (elle est peut-être ancienne ou supprimée), ce bouton ne fonctionne donc plus. Utilise `/$t(command.imagine.name)` pour en créer une nouvelle.",

  "refusal.bannedWords":
    "Ta description a été refusée : elle contient des mots que ce serveur n'autorise pas. Reformule-la.",
  "refusal.userActive_one":
    "Tu as déjà {{count}} image en cours de génération, le maximum simultané ({{limit}}). Tu pourras en lancer une autre quand elle sera terminée.",
  "refusal.userActive_many":
    "Tu as déjà {{count}} images en cours de génération, le maximum simultané ({{limit}}). Tu pourras en lancer une autre quand l'une d'elles sera terminée.",
  "refusal.userActive_other":
    "Tu as déjà {{count}} images en cours de génération, le maximum simultané ({{limit}}). Tu pourras en lancer une autre quand l'une d'elles sera terminée.",
  "refusal.cooldown": "Attends {{cooldown}} entre deux images. Tu pourras lancer une autre image {{when}}.",
  "refusal.cooldownIn": "dans {{duration}}",
  "refusal.guildActive_one":
    "Ce serveur a déjà {{count}} image en cours de génération, le maximum simultané ({{limit}}). Réessaie quand elle sera terminée.",
  "refusal.guildActive_many":
    "Ce serveur a déjà {{count}} images en cours de génération, le maximum simultané ({{limit}}). Réessaie quand l'une d'elles sera terminée.",
  "refusal.guildActive_other":
    "Ce serveur a déjà {{count}} images en cours de génération, le maximum simultané ({{limit}}). Réessaie quand l'une d'elles sera terminée.",
  "refusal.serviceUnhealthy":
    "Le service d'images indique l'état **{{status}}** : une nouvelle image ne ferait qu'attendre dans la file. Réessaie plus tard.",
  "refusal.serviceUnhealthyWhy":
    "Le service d'images indique l'état **{{status}}** ({{detail}}) : une nouvelle image ne ferait qu'attendre dans la file. Réessaie plus tard.",

  "enhance.name": "Améliorer {{factor}}",
  "enhance.offServer": "{{name}} est désactivé sur ce serveur.",
  "used.underWay": "{{name}} de cette image est déjà en cours ; le résultat sera publié ici.",
  "refusal.channelNotAllowed":
    "Impossible de créer des images dans ce salon. Sur ce serveur, utilise `/$t(command.imagine.name)` dans {{channels}}.",
  "refusal.ageRestrictedOnly":
    "Ce serveur n'autorise les images que dans les salons soumis à une limite d'âge. Utilise `/$t(command.imagine.name)` dans un salon soumis à une limite d'âge.",
  "refusal.daily_one":
    "Tu as lancé {{count}} image aujourd'hui, ta limite quotidienne ici ({{limit}}). Tu pourras en lancer d'autres {{when}}.",
  "refusal.daily_many":
    "Tu as lancé {{count}} images aujourd'hui, ta limite quotidienne ici ({{limit}}). Tu pourras en lancer d'autres {{when}}.",
  "refusal.daily_other":
    "Tu as lancé {{count}} images aujourd'hui, ta limite quotidienne ici ({{limit}}). Tu pourras en lancer d'autres {{when}}.",
  "refusal.dailyAtMidnight": "à minuit UTC",
  "error.generic":
    "Quelque chose s'est mal passé de mon côté et je n'ai pas pu terminer. Le propriétaire du bot trouvera les détails dans le journal ; réessaie dans un instant.",
  "error.staleComponent":
    "Ce bouton ne fonctionne plus : il vient d'une ancienne version du bot. Relance la commande pour en obtenir un nouveau.",
  "error.deadControl": "Ce contrôle ne fait plus rien.",
  "moderator.notInDm": "Cela fonctionne sur un serveur, pas en messages privés.",
  "moderator.required": "Ceci est réservé aux modérateurs : il faut la permission **Gérer le serveur**.",
  "cancel.notYours": "Seule la personne qui a demandé cette image (ou un modérateur) peut l'annuler.",
  "cancel.alreadyEnded": "Cette tâche est déjà terminée : il n'y a plus rien à annuler.",
  "cancel.done": "Tâche {{job}} de {{requester}} annulée.",
  "reroll.notYours": "Seule la personne qui a demandé cette image (ou un modérateur) peut la relancer.",
  "reroll.started": "Une relance de cette image vient d'être lancée.",
  "upscale.notAvailable": "L'image {{name}} de cette tâche n'est pas disponible auprès du service d'images.",
  "upscale.onItsWay": "{{name}} de cette image est déjà en route.",
  "posted.already": "{{name}} a déjà été publiée.",
  "posted.alreadyLink": "{{name}} a déjà été publiée : {{link}}",
  "enhance.notYours":
    "Seule la personne pour qui cette image a été publiée (ou un modérateur) peut utiliser Améliorer {{factor}} : cela consomme des crédits du service d'images.",
  "enhance.noRoute":
    "Ce service d'images n'a pas Améliorer : il ne peut pas faire de copies plus grandes des images.",
  "enhance.off": "Améliorer {{factor}} est désactivé sur ce bot.",
  "enhance.started": "Améliorer {{factor}} vient d'être lancé pour cette image.",
  "tryAgain.expired":
    "Ce bouton **Réessayer** a expiré (les descriptions sont gardées {{kept}}). Copie la description du message ci-dessus et relance `/$t(command.imagine.name)`.",
  "tryAgain.notYours": "Ce bouton **Réessayer** est pour la personne dont la description a été refusée.",
  "history.notYours":
    "Cette liste appartient à quelqu'un d'autre : utilise `/$t(command.history.name)` pour la tienne.",
  "status.unknownJob": "Aucune tâche {{job}} de ce serveur n'est connue du bot (par id de tâche ou ref).",
  "show.unknownJob":
    "Aucune tâche {{job}} n'est connue du bot (par id de tâche ou ref). `/$t(command.history.name)` liste les tiennes.",
  "show.notYours":
    "Seule la personne qui a demandé cette image, ou un modérateur du serveur où elle a été créée, peut la montrer à nouveau.",
  "show.gone":
    "Cette image n'est plus disponible auprès du service d'images (elle est peut-être ancienne ou supprimée), elle ne peut donc pas être montrée à nouveau.",
  "show.running": "Cette tâche est encore en cours, il n'y a donc rien à montrer à nouveau.",
  "show.ended":
    "Cette tâche s'est terminée sans image ({{outcome}}), il n'y a donc rien à montrer à nouveau.",
  "show.itsMessage": "Son message : {{link}}",
  "show.notFinished": "Le service d'images n'a plus cette image terminée ; elle ne peut pas être montrée.",
  "show.by": "Montrée à nouveau par {{mention}}.",
  "blend.count":
    "Une fusion prend {{min}} à {{max}} images ; tu en as joint {{count}}. Joins-les dans les options d'image, dans l'ordre où tu veux les fusionner.",
  "blend.aspectTwice":
    "Tu as choisi le format deux fois : {{option}} dans l'option format et {{typed}} dans la description. Garde l'un des deux.",

  "outcome.completed": "✅ Terminée",
  "outcome.failed": "❌ Échouée",
  "outcome.timed-out": "⌛ Délai dépassé (le bot a cessé d'attendre)",
  "outcome.lost": "❔ Perdue (le service ne la connaît plus)",
  "outcome.message-deleted": "🗑️ Son message a été supprimé",
  "outcome.cancelled": "✖️ Annulée",

  "help.about":
    "**imagine-bot** transforme une description (et éventuellement des images) en une grille de quatre images.\nLa progression s'affiche au fur et à mesure ; sous la grille, **U1–U4** publient une image en grand et **🔄** relance la description.",
  "help.enhance":
    "Sous une image seule, {{buttons}} en crée une copie plus grande ; chacune consomme des crédits du service d'images.",
  "help.enhanceButton": "**Améliorer {{factor}}**",
  // Prompt checks: what to change before anything is sent to the service.
  "check.fixThese": "Corrige ceci puis réessaie :",
  "check.andMore": "…et {{n}} de plus.",
  "check.empty": "Ton prompt est vide : décris l’image que tu veux, par ex. {{example}}.",
  "check.imageNeedsWords":
    "Un prompt avec image a aussi besoin de mots (ou d’une deuxième image) : décris ce qu’il faut faire de l’image, par ex. {{example}}.",
  "check.onlyParameters":
    "Ton prompt ne contient que des paramètres : décris l’image avant eux, par ex. {{example}}.",
  "check.tooLong":
    "Ton prompt fait {{length}} caractères, soit {{over}} de plus que la limite de {{max}}{{links}}. Raccourcis-le d’au moins {{cut}} caractères.",
  "check.tooLongLink": " (le lien de l’image compte aussi)",
  "check.tooLongLinks": " (les liens des images comptent aussi)",
  "check.imageUrl": "Le lien d’image {{url}} n’est pas une adresse web (http ou https).",
  "check.permutation":
    "{{permutation}} est une permutation, non prise en charge ici : elle demande une confirmation que le bot ne peut pas donner et lance une tâche par option. Lance plutôt `/$t(command.imagine.name)` une fois pour chaque option.",
  "check.repeat":
    "{{parameter}} n’est pas pris en charge ici : il lance plusieurs tâches à la fois. Relance `/$t(command.imagine.name)` pour une autre série.",
  "check.missingValue": "{{parameter}} a besoin d’une valeur, par ex. {{example}}.",
  "check.singleValue":
    "{{value}} n’est pas valide : {{parameter}} prend une seule valeur, par ex. {{example}}. Mets les mots qui décrivent l’image avant les paramètres.",
  "check.invalidValue": "{{value}} n’est pas valide : utilise {{expected}}, par ex. {{example}}.",
  "check.expected.wholeNumber": "un nombre entier de {{min}} à {{max}}",
  "check.expected.number": "un nombre de {{min}} à {{max}}",
  "check.expected.oneOf": "l’une des valeurs {{values}}",
  "check.expected.aspectRatio": "des nombres entiers sous la forme largeur:hauteur",
  "check.expected.quality": "l’une des valeurs .25, .5, 1, 2 ou 4",
  "check.attachment": "pièce jointe",
  "check.attachmentUnreadable":
    "La pièce jointe {{name}} n’a pas pu être lue : essaie de l’envoyer à nouveau.",
  "check.attachmentType":
    "{{name}}{{type}} ne peut pas servir de prompt image : joins une image PNG, JPEG, WebP ou GIF.",
  "check.attachmentTooLarge":
    "{{name}} fait {{size}}, c’est trop lourd : un prompt image peut faire au plus {{max}}. Joins une image plus petite.",
  "check.attachmentTooLargeUnknown":
    "{{name}} est trop lourd : un prompt image peut faire au plus {{max}}. Joins une image plus petite.",
  "check.notParameters":
    "{{value}} n’est pas une liste de paramètres : les paramètres par défaut commencent par `--`, par ex. {{example}}. Les mots vont dans chaque prompt.",
  "imageError.lostDetail":
    "Le service d’images ne connaît plus cette tâche (elle a peut-être été supprimée).",
  // `/imagine-status` (moderators).
  "statusPage.title": "📊 État du service d’images",
  "statusPage.condition.healthy": "en bonne santé",
  "statusPage.condition.degraded": "dégradé",
  "statusPage.condition.unreachable": "injoignable",
  "statusPage.condition.unhealthy": "en panne",
  "statusPage.condition.starting": "en démarrage",
  "statusPage.condition.paused": "en pause",
  "statusPage.features": "Service : {{ref}} · {{enhance}}",
  "statusPage.refSent": "ref envoyé",
  "statusPage.refOmitted": "pas de ref (tâches associées par id d'image)",
  "statusPage.refUnknown": "ref pas encore déterminé",
  "statusPage.enhanceRoute": "route d'agrandissement trouvée",
  "statusPage.noEnhanceRoute": "pas de route d'agrandissement (pas d'Améliorer)",
  "statusPage.enhanceUnknown": "route d'agrandissement pas encore déterminée",
  "statusPage.stalePending":
    "⚠️ Tâches qui attendent de démarrer depuis plus de {{minutes}} min : {{count}}. Le service se dit en bonne santé, mais son rapport est peut-être périmé (son bot Midjourney est peut-être arrêté).",
  "statusPage.degraded":
    "le service se dit en bonne santé, mais des requêtes vers lui ont échoué ces dernières minutes",
  "statusPage.noAnswer": "pas de réponse",
  "statusPage.latency": "Latence : {{latency}} · vérifié {{checked}}",
  "statusPage.lastError": "Dernière erreur {{when}} : {{error}}",
  "statusPage.last24h": "Dernières 24 heures",
  "statusPage.counts": "✅ {{completed}} terminées\n❌ {{failed}} échouées\n⌛ {{timedOut}} expirées",
  "statusPage.limits": "Limites en vigueur",
  "statusPage.cooldown": "{{duration}} d’attente",
  "statusPage.noCooldown": "pas d’attente",
  "statusPage.limitsUser": "Par membre : {{active}} à la fois, {{cooldown}} (sauf modérateurs)",
  "statusPage.limitsServer": "Par serveur : {{active}} à la fois",
  "statusPage.limitsPrompt": "Prompts : au plus {{max}} caractères",
  "statusPage.limitsBanned_one": "Mots interdits : {{count}} entrée",
  "statusPage.limitsBanned_many": "Mots interdits : {{count}} entrées",
  "statusPage.limitsBanned_other": "Mots interdits : {{count}} entrées",
  "statusPage.processes": "Processus du bot : {{alive}} actifs",
  "statusPage.noProcesses": "aucun vu",
  "statusPage.noShards": "aucun shard",
  "statusPage.shards": "shards {{shards}}",
  "statusPage.answeredThis": " (a répondu ici)",
  "statusPage.jobs_one": "{{count}} tâche",
  "statusPage.jobs_many": "{{count}} tâches",
  "statusPage.jobs_other": "{{count}} tâches",
  "statusPage.andMore": "…et {{n}} de plus",
  "statusPage.started": "lancée {{when}}",
  "statusPage.inFlightNone": "🖌️ En cours sur ce serveur : aucune",
  "statusPage.inFlightNothing": "Rien n’est en cours de génération sur ce serveur pour le moment.",
  "statusPage.inFlight": "🖌️ En cours sur ce serveur : {{from}}-{{to}} sur {{total}}",
  "statusPage.page": "Page {{page}} sur {{pages}} · les plus anciennes d’abord",
  "statusPage.cancel": "Annuler {{n}}",
  "statusPage.failures": "❌ Échecs récents",
  "statusPage.failuresSome": "❌ Échecs récents : les {{shown}} plus récents sur {{total}}",
  "statusPage.noFailures": "Aucun échec récent.",
  "statusPage.previous": "Précédent",
  "statusPage.refresh": "Actualiser",
  "statusPage.next": "Suivant",
  "statusJob.title": "🔎 Tâche {{id}}",
  "statusJob.footer": "Image {{id}}",
  "statusJob.images": "**Images**",
  "statusJob.grid": "Grille",
  "statusJob.preview": "Aperçu",
  "statusJob.notALink": "{{label}} : {{url}} (lien inutilisable)",
  "statusJob.moreLinks": " · et {{n}} de plus",
  "statusJob.upscaleOf": "U{{n}} de {{parent}}, agrandie {{factor}}",
  "statusJob.inFlight": "⏳ En cours",
  "statusJob.delivered": ", livrée",
  "statusJob.notDelivered": ", non livrée",
  "statusJob.jump": "Aller au message",
  "statusJob.notKnownYet": "Pas encore connu",
  "statusJob.where": "dans {{place}}, depuis {{source}}",
  "statusJob.inDm": "un MP",
  "statusJob.inServer": "ce serveur",
  "statusJob.fromDm": "un prompt en MP",
  "statusJob.fromCommand": "une commande",
  "statusJob.lastSeen": "{{status}} (dernier vu ; l’enregistrement n’a pas pu être chargé)",
  "statusJob.field.status": "État",
  "statusJob.field.progress": "Progression",
  "statusJob.field.outcome": "Issue côté bot",
  "statusJob.field.message": "Message",
  "statusJob.field.ref": "Ref",
  "statusJob.field.created": "Créée (service)",
  "statusJob.field.upscaleOf": "Agrandissement de",
  "statusJob.field.error": "Erreur",
  "help.commands":
    "**Commandes**\n• `/$t(command.imagine.name) $t(command.imagine.prompt.name):` (éventuellement `$t(command.imagine.image.name):`) : dessiner une description dans ce salon.\n• `/$t(command.blend.name) $t(command.blend.image1.name): $t(command.blend.image2.name):` (jusqu'à `$t(command.blend.image5.name):`, `$t(command.blend.prompt.name):` et `$t(command.blend.aspect.name):` facultatifs) : fusionner 2 à 5 images.\n• `/$t(command.imagine-status.name)` (modérateurs) : état du service, tâches de ce serveur, échecs récents et limites.\n• `/$t(command.history.name)` : tes images récentes (sur un serveur, celles de ce serveur ; en messages privés, toutes), avec des liens. `/$t(command.show.name) $t(command.show.job.name):` en publie une à nouveau.\n• `/$t(command.help.name)` : ce message.\n• En message privé, envoie-moi une description (avec des images jointes si tu veux) ; envoie `help` pour ce message.",
  "help.syntax":
    "**Syntaxe des descriptions** : d'abord les URL d'images, puis le texte, puis les paramètres.\n> un phare au crépuscule, peinture à l'huile --ar 16:9\n> https://example.com/cat.png un chat en chevalier --iw 1.5\n> une forêt brumeuse --no people, text --chaos 20 --stylize 300 --v 6",
  "help.parameters": "Paramètres : {{parameters}}.",
  "help.unsupported": "Les permutations `{a, b}` et `--repeat` ne sont pas prises en charge.",
  "help.limitsServer": "**Tes limites sur ce serveur**",
  "help.limitsDm": "**Tes limites en messages privés**",
  "help.moderator": "• En tant que modérateur, tu n'as pas de limite de tâches ni de délai par personne.",
  "help.userActive_one": "• Au plus {{count}} image à la fois ; tu en as {{active}} en cours.",
  "help.userActive_many": "• Au plus {{count}} images à la fois ; tu en as {{active}} en cours.",
  "help.userActive_other": "• Au plus {{count}} images à la fois ; tu en as {{active}} en cours.",
  "help.cooldown": "• Attends {{cooldown}} entre deux descriptions.",
  "help.noCooldown": "• Pas d'attente entre les descriptions.",
  "help.guildActive_one": "• Ce serveur génère au plus {{count}} image à la fois ; {{active}} en cours.",
  "help.guildActive_many": "• Ce serveur génère au plus {{count}} images à la fois ; {{active}} en cours.",
  "help.guildActive_other": "• Ce serveur génère au plus {{count}} images à la fois ; {{active}} en cours.",
  "help.promptLength": "• Descriptions jusqu'à {{max}} caractères.",

  "history.empty":
    "Tu n'as sur ce serveur aucune image dont le bot se souvienne encore. Utilise `/$t(command.imagine.name)` pour en créer une.",
  "history.emptyEverywhere":
    "Tu n'as aucune image dont le bot se souvienne encore. Utilise `/$t(command.imagine.name)` pour en créer une.",
  "history.title": "🖼️ Tes images sur ce serveur",
  "history.titleEverywhere": "🖼️ Tes images partout",
  "history.footer":
    "Page {{page}} · les plus récentes d'abord · /$t(command.show.name) $t(command.show.job.name):<id> en publie une à nouveau",
  "history.inDm": "en messages privés",
  "history.inServer": "sur un serveur",
  "history.noMessage": "message inconnu",
  "history.jump": "aller au message",
  "history.show": "Montrer {{n}}",
  "history.newer": "◀ Plus récentes",
  "history.older": "Plus anciennes ▶",

  // `/quota`.
  "quota.title": "**Tes images sur ce serveur**",
  "quota.titleDm": "**Tes images en messages privés**",
  "quota.source.server": "le réglage de ce serveur",
  "quota.source.role": "ton rôle {{role}}",
  "quota.source.anyRole": "ton rôle",
  "quota.source.owner": "la valeur par défaut du bot",
  "quota.dailyUnlimited_one":
    "• Tu as lancé {{count}} image aujourd'hui ; il n'y a pas de limite quotidienne.",
  "quota.dailyUnlimited_many":
    "• Tu as lancé {{count}} images aujourd'hui ; il n'y a pas de limite quotidienne.",
  "quota.dailyUnlimited_other":
    "• Tu as lancé {{count}} images aujourd'hui ; il n'y a pas de limite quotidienne.",
  "quota.dailyModerator_one":
    "• Tu as lancé {{count}} image aujourd'hui ; en tant que modérateur, la limite quotidienne ({{limit}}) ne s'applique pas à toi.",
  "quota.dailyModerator_many":
    "• Tu as lancé {{count}} images aujourd'hui ; en tant que modérateur, la limite quotidienne ({{limit}}) ne s'applique pas à toi.",
  "quota.dailyModerator_other":
    "• Tu as lancé {{count}} images aujourd'hui ; en tant que modérateur, la limite quotidienne ({{limit}}) ne s'applique pas à toi.",
  "quota.daily_one":
    "• Tu as lancé {{count}} image aujourd'hui sur {{limit}} par jour ({{source}}) : **il en reste {{left}}**.",
  "quota.daily_many":
    "• Tu as lancé {{count}} images aujourd'hui sur {{limit}} par jour ({{source}}) : **il en reste {{left}}**.",
  "quota.daily_other":
    "• Tu as lancé {{count}} images aujourd'hui sur {{limit}} par jour ({{source}}) : **il en reste {{left}}**.",
  "quota.reset": "• Le compte du jour repart {{relative}} ({{absolute}}, minuit UTC).",
  "quota.activeModerator_one":
    "• Tu as {{count}} image en cours de génération ; en tant que modérateur, tu n'as pas de limite de tâches simultanées.",
  "quota.activeModerator_many":
    "• Tu as {{count}} images en cours de génération ; en tant que modérateur, tu n'as pas de limite de tâches simultanées.",
  "quota.activeModerator_other":
    "• Tu as {{count}} images en cours de génération ; en tant que modérateur, tu n'as pas de limite de tâches simultanées.",
  "quota.active_one":
    "• Tu as {{count}} image en cours de génération, sur au plus {{limit}} à la fois ({{source}}).",
  "quota.active_many":
    "• Tu as {{count}} images en cours de génération, sur au plus {{limit}} à la fois ({{source}}).",
  "quota.active_other":
    "• Tu as {{count}} images en cours de génération, sur au plus {{limit}} à la fois ({{source}}).",
  "quota.noCooldown": "• Pas d'attente entre les images.",
  "quota.cooldownNow": "• Attends {{wait}} entre les images ({{source}}) : tu peux en lancer une maintenant.",
  "quota.cooldownNext":
    "• Attends {{wait}} entre les images ({{source}}) : tu pourras lancer la suivante {{when}}.",
  "quota.soon": "bientôt",
  // `/imagine-config` (modérateurs) : la commande, ses options et choix, et ses réponses.
  "command.imagine-config.name": "imaginer-config",
  "command.imagine-config.description":
    "Réglages d'images de ce serveur : limites, mots interdits, salons, défauts (modérateurs)",
  "command.imagine-config.show.name": "afficher",
  "command.imagine-config.show.description": "Chaque réglage en vigueur ici, et d'où il vient",
  "command.imagine-config.limits.name": "limites",
  "command.imagine-config.limits.description": "Limites pour chaque membre et pour le serveur",
  "command.imagine-config.limits.set.name": "définir",
  "command.imagine-config.limits.set.description": "Définir des limites (les autres restent)",
  "command.imagine-config.limits.set.per_user_active.name": "actifs_par_membre",
  "command.imagine-config.limits.set.per_user_active.description":
    "Tâches qu'un membre peut avoir en cours à la fois",
  "command.imagine-config.limits.set.cooldown_seconds.name": "délai_secondes",
  "command.imagine-config.limits.set.cooldown_seconds.description":
    "Secondes entre deux descriptions d'un membre (0 : aucun)",
  "command.imagine-config.limits.set.daily_images.name": "images_par_jour",
  "command.imagine-config.limits.set.daily_images.description":
    "Images qu'un membre peut lancer par jour (UTC)",
  "command.imagine-config.limits.set.server_active.name": "actifs_serveur",
  "command.imagine-config.limits.set.server_active.description":
    "Tâches que tout le serveur peut avoir en cours à la fois",
  "command.imagine-config.limits.clear.name": "effacer",
  "command.imagine-config.limits.clear.description": "Revenir au défaut du propriétaire",
  "command.imagine-config.limits.clear.limit.name": "limite",
  "command.imagine-config.limits.clear.limit.description": "Quelle limite (par défaut : toutes)",
  "command.imagine-config.limits.clear.limit.choice.per_user_active":
    "Tâches qu'un membre peut avoir en cours à la fois",
  "command.imagine-config.limits.clear.limit.choice.cooldown_seconds":
    "Secondes entre deux descriptions d'un membre (0 : aucun)",
  "command.imagine-config.limits.clear.limit.choice.daily_images":
    "Images qu'un membre peut lancer par jour (UTC)",
  "command.imagine-config.limits.clear.limit.choice.server_active":
    "Tâches que tout le serveur peut avoir en cours à la fois",
  "command.imagine-config.role-limits.name": "limites-rôle",
  "command.imagine-config.role-limits.description":
    "Limites propres à un rôle (le plus généreux des rôles d'un membre s'applique)",
  "command.imagine-config.role-limits.set.name": "définir",
  "command.imagine-config.role-limits.set.description": "Définir les limites d'un rôle",
  "command.imagine-config.role-limits.set.role.name": "rôle",
  "command.imagine-config.role-limits.set.role.description": "Le rôle",
  "command.imagine-config.role-limits.set.per_user_active.name": "actifs_par_membre",
  "command.imagine-config.role-limits.set.per_user_active.description":
    "Tâches qu'un membre peut avoir en cours à la fois",
  "command.imagine-config.role-limits.set.cooldown_seconds.name": "délai_secondes",
  "command.imagine-config.role-limits.set.cooldown_seconds.description":
    "Secondes entre deux descriptions d'un membre (0 : aucun)",
  "command.imagine-config.role-limits.set.daily_images.name": "images_par_jour",
  "command.imagine-config.role-limits.set.daily_images.description":
    "Images qu'un membre peut lancer par jour (UTC)",
  "command.imagine-config.role-limits.clear.name": "effacer",
  "command.imagine-config.role-limits.clear.description": "Retirer les limites d'un rôle",
  "command.imagine-config.role-limits.clear.role.name": "rôle",
  "command.imagine-config.role-limits.clear.role.description": "Le rôle",
  "command.imagine-config.banned-words.name": "mots-interdits",
  "command.imagine-config.banned-words.description":
    "Mots refusés dans les descriptions ici (la liste du propriétaire s'applique toujours aussi)",
  "command.imagine-config.banned-words.add.name": "ajouter",
  "command.imagine-config.banned-words.add.description": "Interdire des mots ou expressions",
  "command.imagine-config.banned-words.add.words.name": "mots",
  "command.imagine-config.banned-words.add.words.description":
    "Séparés par des virgules, ex. gore, magie noire",
  "command.imagine-config.banned-words.remove.name": "retirer",
  "command.imagine-config.banned-words.remove.description": "Autoriser à nouveau des mots interdits",
  "command.imagine-config.banned-words.remove.words.name": "mots",
  "command.imagine-config.banned-words.remove.words.description": "Séparés par des virgules",
  "command.imagine-config.banned-words.list.name": "liste",
  "command.imagine-config.banned-words.list.description": "Les mots interdits de ce serveur",
  "command.imagine-config.audit-channel.name": "salon-journal",
  "command.imagine-config.audit-channel.description":
    "Où sont publiés demandes, refus, résultats et changements de réglages",
  "command.imagine-config.audit-channel.set.name": "définir",
  "command.imagine-config.audit-channel.set.description": "Les publier dans un salon",
  "command.imagine-config.audit-channel.set.channel.name": "salon",
  "command.imagine-config.audit-channel.set.channel.description": "Un salon textuel",
  "command.imagine-config.audit-channel.clear.name": "effacer",
  "command.imagine-config.audit-channel.clear.description":
    "Revenir au salon journal du propriétaire, s'il y en a un",
  "command.imagine-config.channels.name": "salons",
  "command.imagine-config.channels.description": "Choisir les salons où /imaginer peut être utilisé",
  "command.imagine-config.age-restricted-only.name": "réservé-adultes",
  "command.imagine-config.age-restricted-only.description":
    "Descriptions et résultats uniquement dans les salons soumis à une limite d'âge",
  "command.imagine-config.age-restricted-only.enabled.name": "activé",
  "command.imagine-config.age-restricted-only.enabled.description": "Activé ou désactivé",
  "command.imagine-config.default-parameters.name": "paramètres-défaut",
  "command.imagine-config.default-parameters.description":
    "Paramètres ajoutés à chaque description ici, sauf si la description les définit",
  "command.imagine-config.default-parameters.set.name": "définir",
  "command.imagine-config.default-parameters.set.description": "ex. --v 7 --stylize 100",
  "command.imagine-config.default-parameters.set.parameters.name": "paramètres",
  "command.imagine-config.default-parameters.set.parameters.description": "Paramètres seulement, ex. --v 7",
  "command.imagine-config.default-parameters.clear.name": "effacer",
  "command.imagine-config.default-parameters.clear.description": "Aucun paramètre par défaut",
  "command.imagine-config.enhance.name": "améliorer",
  "command.imagine-config.enhance.description":
    "Si les boutons Améliorer sont proposés sous les images seules",
  "command.imagine-config.enhance.enabled.name": "activé",
  "command.imagine-config.enhance.enabled.description": "Activé ou désactivé",
  "command.imagine-config.reset.name": "réinitialiser",
  "command.imagine-config.reset.description": "Retirer tous les réglages de ce serveur (demande d'abord)",
  "setting.userMaxActive": "Tâches à la fois par membre",
  "setting.userCooldownMs": "Délai entre deux descriptions d'un membre",
  "setting.userDailyImages": "Images par membre et par jour",
  "setting.guildMaxActive": "Tâches à la fois dans ce serveur",
  "setting.bannedWords": "Mots interdits",
  "setting.auditChannel": "Salon journal",
  "setting.allowedChannels": "Salons pour /$t(command.imagine.name)",
  "setting.ageRestrictedOnly": "Salons avec limite d'âge uniquement",
  "setting.defaultParameters": "Paramètres par défaut",
  "setting.enhance": "Boutons Améliorer",
  "setting.suffix": "Suffixe",
  "setting.aspectRatio": "Format d'image par défaut",
  "setting.delivery": "Remise des résultats",
  "setting.language": "Langue",
  "setting.on": "activé",
  "setting.off": "désactivé",
  "setting.none": "aucun",
  "setting.notSet": "non défini",
  "setting.byDm": "en message privé",
  "setting.inChannel": "dans le salon",
  "setting.noLimit": "aucune limite",
  "setting.allChannels": "tous",
  "setting.source.server": "ce serveur",
  "setting.source.role": "rôle",
  "setting.source.owner": "défaut du propriétaire",
  "config.show.title": "Réglages en vigueur dans ce serveur",
  "config.show.bannedWords": "{{server}} de ce serveur",
  "config.show.bannedWordsOwner": "{{server}} de ce serveur (+ {{owner}} du propriétaire, toujours)",
  "config.show.noRoles":
    "Aucune limite de rôle. `/$t(command.imagine-config.name) $t(command.imagine-config.role-limits.name) $t(command.imagine-config.role-limits.set.name)` donne à un rôle ses propres limites (le plus généreux des rôles d'un membre s'applique).",
  "config.show.roles": "**Limites de rôle** (le plus généreux des rôles d'un membre s'applique) :",
  "config.show.footer": "Les modérateurs ne sont pas soumis aux limites par membre.",
  "config.channels.placeholder": "Salons où /$t(command.imagine.name) peut être utilisé (aucun : tous)",
  "config.channels.all":
    "`/$t(command.imagine.name)` peut maintenant être utilisé dans tous les salons. Choisis les salons où il peut l'être :",
  "config.channels.some":
    "`/$t(command.imagine.name)` peut maintenant être utilisé dans {{channels}}. Choisis les salons (aucun : tous) :",
  "config.reset.button": "Réinitialiser tous les réglages",
  "config.reset.title": "Réinitialiser les réglages de ce serveur ?",
  "config.reset.nothing":
    "Ce serveur n'a aucun réglage propre : les défauts du propriétaire sont en vigueur.",
  "config.reset.all": "Tous ces réglages reviennent aux défauts du propriétaire.",
  "config.otherServer": "Ce menu appartient aux réglages d'un autre serveur.",
  "config.limitsMissing": "Indique au moins une limite à définir : {{options}}.",
  "config.enhanceUnavailable":
    "Améliorer ne peut pas être activé ici : le propriétaire du bot ne propose aucun facteur d'agrandissement (`ENHANCE_FACTORS`).",
  "config.bannedWords.title": "Mots interdits de ce serveur",
  "config.bannedWords.none": "Ce serveur n'a aucun mot interdit qui lui soit propre.",
  "config.bannedWords.ownerNone": "Le propriétaire du bot n'a interdit aucun mot pour tous les serveurs.",
  "config.bannedWords.owner_one":
    "La liste du propriétaire du bot ({{count}} mot) s'applique toujours aussi, en plus de ceux-ci.",
  "config.bannedWords.owner_many":
    "La liste du propriétaire du bot ({{count}} mots) s'applique toujours aussi, en plus de ceux-ci.",
  "config.bannedWords.owner_other":
    "La liste du propriétaire du bot ({{count}} mots) s'applique toujours aussi, en plus de ceux-ci.",
  "settings.changed.title": "Réglages modifiés",
  "settings.changed.nothing": "Rien n'a changé : c'est déjà le réglage.",
  "settings.changed.server": "En vigueur pour ce serveur dès maintenant.",
  "settings.changed.member": "Utilisé dès ta prochaine description.",
  "settings.show.title": "Tes préférences",
  "settings.show.unset": "{{notSet}} ({{fallback}})",
  "settings.show.defaultSuffix": "aucun",
  "settings.show.defaultAspectRatio": "celle de la description, sinon 1:1",
  "settings.show.defaultDelivery": "dans le salon",
  "settings.show.defaultLanguage": "ta langue Discord",
  "settings.show.note":
    "Elles s'appliquent partout où tu utilises le bot (serveurs et messages privés). Les paramètres d'une description l'emportent sur elles.",
};

/** Spanish (Español). Keys and placeholders as in `en.ts`; a missing key shows the English text. */
import type { Translations } from "../text-keys.js";

export const es: Translations = {
  "command.imagine.name": "imaginar",
  "command.imagine.description": "Crear una imagen a partir de una descripción",
  "command.imagine.prompt.name": "descripción",
  "command.imagine.prompt.description":
    "Qué dibujar. Los parámetros de Midjourney funcionan, p. ej. --ar 16:9",
  "command.imagine.image.name": "imagen",
  "command.imagine.image.description": "Una imagen de partida (PNG, JPEG, WebP o GIF)",
  "command.blend.name": "mezclar",
  "command.blend.description": "Mezclar de 2 a 5 imágenes en una imagen nueva",
  "command.blend.image1.name": "imagen1",
  "command.blend.image1.description": "Imagen 1 (PNG, JPEG, WebP o GIF)",
  "command.blend.image2.name": "imagen2",
  "command.blend.image2.description": "Imagen 2 (PNG, JPEG, WebP o GIF)",
  "command.blend.image3.name": "imagen3",
  "command.blend.image3.description": "Imagen 3 (PNG, JPEG, WebP o GIF)",
  "command.blend.image4.name": "imagen4",
  "command.blend.image4.description": "Imagen 4 (PNG, JPEG, WebP o GIF)",
  "command.blend.image5.name": "imagen5",
  "command.blend.image5.description": "Imagen 5 (PNG, JPEG, WebP o GIF)",
  "command.blend.prompt.name": "descripción",
  "command.blend.prompt.description": "Palabras opcionales (y parámetros) después de las imágenes",
  "command.blend.aspect.name": "formato",
  "command.blend.aspect.description": "Relación de aspecto del resultado (--ar)",
  "command.blend.aspect.choice.1:1": "Cuadrado (1:1)",
  "command.blend.aspect.choice.2:3": "Vertical (2:3)",
  "command.blend.aspect.choice.3:2": "Horizontal (3:2)",
  "command.blend.aspect.choice.9:16": "Alto (9:16)",
  "command.blend.aspect.choice.16:9": "Ancho (16:9)",
  "command.imagine-status.name": "imaginar-estado",
  "command.imagine-status.description":
    "Estado del servicio de imágenes, trabajos de este servidor, fallos recientes y límites (moderadores)",
  "command.imagine-status.job.name": "trabajo",
  "command.imagine-status.job.description": "Un id de trabajo o el id de la interacción (ref) que lo inició",
  "command.help.name": "ayuda",
  "command.help.description": "Qué hace este bot, sus comandos, la sintaxis de descripciones y tus límites",
  "command.history.name": "historial",
  "command.history.description":
    "Tus imágenes recientes: descripción, resultado, cuándo y un enlace a cada una",
  "command.show.name": "mostrar",
  "command.show.description": "Publicar de nuevo una de tus imágenes terminadas, con sus botones",
  "command.show.job.name": "trabajo",
  "command.show.job.description":
    "El id del trabajo (ver /historial) o el id de la interacción (ref) que lo inició",

  "command.quota.name": "cuota",
  "command.quota.description":
    "Lo que te queda hoy: imágenes, trabajos a la vez y cuándo puedes iniciar el siguiente",
  "command.settings.name": "preferencias",
  "command.settings.description":
    "Tus preferencias: sufijo, relación de aspecto, dónde van los resultados, idioma",
  "command.settings.show.name": "ver",
  "command.settings.show.description": "Ver tus preferencias",
  "command.settings.suffix.name": "sufijo",
  "command.settings.suffix.description":
    "Palabras o parámetros añadidos a cada descripción tuya (déjalo vacío para quitarlo)",
  "command.settings.suffix.text.name": "texto",
  "command.settings.suffix.text.description": "p. ej. --ar 16:9 --v 6, o: pintura al óleo",
  "command.settings.aspect-ratio.name": "relación-de-aspecto",
  "command.settings.aspect-ratio.description":
    "Relación de aspecto cuando la descripción no pone ninguna (vacío para 1:1)",
  "command.settings.aspect-ratio.ratio.name": "relación",
  "command.settings.aspect-ratio.ratio.description": "ancho:alto, p. ej. 16:9",
  "command.settings.delivery.name": "entrega",
  "command.settings.delivery.description": "Dónde se publican tus imágenes terminadas",
  "command.settings.delivery.where.name": "dónde",
  "command.settings.delivery.where.description": "En el canal donde lo pediste, o en tus mensajes directos",
  "command.settings.delivery.where.choice.channel": "En el canal",
  "command.settings.delivery.where.choice.dm": "Por mensaje directo",
  "command.settings.language.name": "idioma",
  "command.settings.language.description":
    "El idioma en que te responde el bot (vacío para tu idioma de Discord)",
  "command.settings.language.language.name": "idioma",
  "command.settings.language.language.description": "Uno de los idiomas del bot",
  "command.settings.reset.name": "restablecer",
  "command.settings.reset.description": "Quitar todas tus preferencias",
  "help.quota":
    "• `/$t(command.quota.name)`: lo que te queda hoy (imágenes, trabajos a la vez, espera) y cuándo vuelve a empezar.",
  "duration.hours_one": "{{count}} hora",
  "duration.hours_many": "{{count}} horas",
  "duration.hours_other": "{{count}} horas",
  "duration.minutes_one": "{{count}} minuto",
  "duration.minutes_many": "{{count}} minutos",
  "duration.minutes_other": "{{count}} minutos",
  "duration.seconds_one": "{{count}} segundo",
  "duration.seconds_many": "{{count}} segundos",
  "duration.seconds_other": "{{count}} segundos",
  "elapsed.hours": "{{n}} h",
  "elapsed.minutes": "{{n}} min",
  "elapsed.seconds": "{{n}} s",
  "status.pending": "⏳ En cola",
  "status.in-progress": "🖌️ Generando",
  "status.completed": "✅ Terminando",
  "status.failed": "❌ Falló",
  "status.other": "⏳ Esperando ({{status}})",

  "prompt.heading": "**Descripción**",
  "prompt.empty": "*(descripción vacía)*",
  "job.footer": "Trabajo {{id}}",
  "field.requestedBy": "Pedido por",
  "field.requested": "Pedido",
  "field.started": "Iniciado",
  "field.finished": "Terminado",
  "field.finishedIn": "en {{elapsed}}",
  "field.aspectRatio": "Relación de aspecto",
  "button.cancel": "Cancelar",
  "button.tryAgain": "Reintentar",

  "progress.submitting": "🎨 Enviando tu descripción…",
  "progress.pending": "Esperando a que el generador inicie tu trabajo. Puede tardar cuando está ocupado.",
  "progress.started": "El generador ha empezado tu imagen.",
  "progress.drawing": "El generador está dibujando tu imagen; la vista previa se vuelve más nítida.",
  "progress.completed": "Tu imagen está lista y en camino.",
  "progress.failed": "El trabajo falló.",
  "progress.other": "El servicio indica el trabajo como «{{status}}»; esperando a que empiece.",
  "progress.serviceUnanswering":
    "⚠️ El servicio de imágenes no responde ahora mismo. El bot sigue intentándolo y actualizará este mensaje cuando responda.",

  "progress.serviceStarting":
    "⏳ El servicio de imágenes informa de que se está iniciando. Tu trabajo espera allí en cola y empieza en cuanto el servicio esté listo.",
  "progress.serviceDown":
    "⚠️ El servicio de imágenes informa de que está caído. Tu trabajo espera allí en cola y empieza cuando el servicio se recupere, si ocurre antes del límite de tiempo.",
  "result.title": "✅ Tu imagen está lista",
  "result.content": "{{mention}} tu imagen está lista.",
  "result.note": "Elige **U1–U4** para obtener una imagen sola, o 🔄 para ejecutar la descripción de nuevo.",
  "result.noteNoImage":
    "⚠️ La imagen no se puede mostrar aquí. Elige **U1–U4** para imágenes sueltas, o 🔄 para reintentar.",
  "result.pointerBelow": "⤵️ El resultado se publicó más abajo.",
  "result.pointer": "⤵️ El resultado está aquí: {{link}}",
  "upscale.title": "🖼️ Imagen {{name}}",
  "upscale.content": "{{mention}} aquí está la imagen {{name}}.",
  "upscale.unavailable": "La imagen {{name}} no está disponible",
  "upscale.thisUnavailable": "Esta imagen no está disponible",
  "upscale.notReturned":
    "El servicio de imágenes no devolvió esta imagen. Usa 🔄 en la cuadrícula para ejecutar la descripción de nuevo.",
  "upscale.notShown": "Esta imagen no se puede mostrar aquí. Prueba el botón de nuevo en un momento.",
  "enhance.creditNote":
    "**Mejorar** crea una copia más grande de esta imagen; cada una usa créditos del servicio de imágenes.",
  "enhance.button": "Mejorar {{factor}} (usa créditos)",
  "enhance.tryAgain": "Reintentar (usa créditos)",
  "enhance.title": "🔍 Imagen {{name}} mejorada {{factor}}",
  "enhance.content": "{{mention}} tu imagen mejorada {{name}} {{factor}} está lista.",
  "enhance.notShown": "⚠️ La imagen mejorada no se puede mostrar aquí.",

  "failure.title": "❌ No se pudo crear tu imagen",
  "failure.content": "{{mention}} no se pudo crear tu imagen.",
  "failure.serviceSaid": "El servicio dijo",
  "failure.generatorSaid": "El generador dijo",
  "failure.privateNotice": "Esta descripción no se pudo generar.",
  "failure.privateNoticeJob": "Esta descripción no se pudo generar. Trabajo {{id}}",
  "timeout.title": "⌛ Se dejó de esperar tras {{waited}}",
  "timeout.description":
    "El servicio de imágenes no terminó este trabajo en {{waited}}, así que el bot dejó de esperarlo. Puede que el generador esté ocupado o atascado. Inténtalo más tarde con el botón de abajo o con `/$t(command.imagine.name)`.",
  "timeout.content": "{{mention}} tu imagen tardó demasiado.",
  "cancelled.title": "✖️ Cancelado",
  "cancelled.content": "Cancelado por {{by}}",
  "cancelled.someone": "alguien",
  "cancelled.description": "El bot dejó de seguir este trabajo; su resultado no se publicará.",
  "cancelled.descriptionFor":
    "El bot dejó de seguir este trabajo (pedido por {{requester}}); su resultado no se publicará.",

  "imageError.moderation.summary": "La moderación del generador de imágenes rechazó esta descripción.",
  "imageError.moderation.hint":
    "Reformula la descripción sin las palabras que rechaza y vuelve a intentarlo.",
  "imageError.invalid-parameter.summary":
    "El generador de imágenes no pudo aceptar un parámetro de esta descripción.",
  "imageError.invalid-parameter.hint": "Corrige el parámetro `--` que indica y vuelve a intentarlo.",
  "imageError.generator.summary": "El generador de imágenes rechazó el trabajo.",
  "imageError.generator.hint": "Cambia la descripción si su mensaje lo pide y vuelve a intentarlo.",
  "imageError.prompt-timeout.summary": "El generador recibió la descripción pero nunca inició el trabajo.",
  "imageError.prompt-timeout.hint": "Suele ser temporal: vuelve a intentarlo.",
  "imageError.queue-timeout.summary": "El trabajo esperó demasiado en la cola del generador y se descartó.",
  "imageError.queue-timeout.hint": "El generador está ocupado: vuelve a intentarlo en unos minutos.",
  "imageError.completion-timeout.summary": "El generador empezó la imagen pero no la terminó a tiempo.",
  "imageError.completion-timeout.hint":
    "Vuelve a intentarlo; si sigue pasando, el generador puede estar sobrecargado.",
  "imageError.not-delivered.summary":
    "El generador hizo la imagen, pero nunca llegó al servicio de imágenes.",
  "imageError.not-delivered.hint": "Vuelve a intentarlo.",
  "imageError.no-image.summary":
    "El servicio de imágenes dijo que la imagen estaba terminada, pero no envió ninguna imagen que se pueda mostrar.",
  "imageError.no-image.hint": "Vuelve a intentarlo; si sigue pasando, avisa a un admin.",
  "imageError.unspecified.summary": "El servicio de imágenes falló sin decir por qué.",
  "imageError.unspecified.hint": "Vuelve a intentarlo; si sigue fallando, avisa a un admin.",
  "imageError.no-reason.summary": "El servicio de imágenes marcó el trabajo como fallido sin dar motivo.",
  "imageError.no-reason.hint": "Vuelve a intentarlo.",
  "imageError.unknown.summary": "El servicio de imágenes informó de un error.",
  "imageError.unknown.hint": "Vuelve a intentarlo; si sigue fallando, avisa a un admin.",

  "serviceError.unavailable.title": "El servicio de imágenes no está disponible",
  "serviceError.unavailable.message":
    "El servicio de imágenes no responde bien ahora mismo. Vuelve a intentarlo en unos minutos.",
  "serviceError.internal.title": "El servicio de imágenes falló",
  "serviceError.internal.message":
    "El servicio de imágenes tuvo un error interno y no dijo por qué, así que volver a intentarlo puede no servir. El dueño del bot puede ver la causa en los registros del servicio.",
  "serviceError.misconfigured.title": "El bot está mal configurado",
  "serviceError.unauthorized.message":
    "El servicio de imágenes no aceptó las credenciales del bot. Se ha avisado a un admin; inténtalo más tarde.",
  "serviceError.forbidden.message":
    "El servicio de imágenes rechazó la petición del bot. Se ha avisado a un admin; inténtalo más tarde.",
  "serviceError.quota.title": "La cuota de imágenes se ha agotado",
  "serviceError.quota.message":
    "Este bot ha agotado su cuota de imágenes, así que por ahora no se pueden crear imágenes nuevas. Un admin puede añadir más.",
  "serviceError.busy.title": "El servicio de imágenes está ocupado",
  "serviceError.busy.message":
    "Se están pidiendo demasiadas imágenes ahora mismo. Inténtalo de nuevo en {{seconds}} s.",
  "serviceError.busy.messageMinute":
    "Se están pidiendo demasiadas imágenes ahora mismo. Inténtalo de nuevo en un minuto.",
  "serviceError.refused.title": "La descripción fue rechazada",
  "serviceError.refused.message":
    "El servicio de imágenes rechazó esta descripción. Cámbiala y vuelve a intentarlo.",
  "serviceError.refused.messageQuoted":
    "El servicio de imágenes rechazó esta descripción: «{{said}}». Cámbiala y vuelve a intentarlo.",
  "serviceError.imageGone":
    "Esta imagen ya no está disponible en el servicio de imágenes (puede ser antigua o estar borrada), así que este botón ya no funciona. Usa `/$t(command.imagine.name)` para crear una nueva.",

  "refusal.bannedWords":
    "Tu descripción fue rechazada: contiene palabras que este servidor no permite. Por favor, reformúlala.",
  "refusal.userActive_one":
    "Ya tienes {{count}} imagen generándose, el máximo a la vez ({{limit}}). Podrás iniciar otra cuando termine.",
  "refusal.userActive_many":
    "Ya tienes {{count}} imágenes generándose, el máximo a la vez ({{limit}}). Podrás iniciar otra cuando termine alguna.",
  "refusal.userActive_other":
    "Ya tienes {{count}} imágenes generándose, el máximo a la vez ({{limit}}). Podrás iniciar otra cuando termine alguna.",
  "refusal.cooldown": "Espera {{cooldown}} entre imágenes. Podrás iniciar otra imagen {{when}}.",
  "refusal.cooldownIn": "en {{duration}}",
  "refusal.guildActive_one":
    "Este servidor ya tiene {{count}} imagen generándose, el máximo a la vez ({{limit}}). Inténtalo de nuevo cuando termine.",
  "refusal.guildActive_many":
    "Este servidor ya tiene {{count}} imágenes generándose, el máximo a la vez ({{limit}}). Inténtalo de nuevo cuando termine alguna.",
  "refusal.guildActive_other":
    "Este servidor ya tiene {{count}} imágenes generándose, el máximo a la vez ({{limit}}). Inténtalo de nuevo cuando termine alguna.",
  "refusal.serviceUnhealthy":
    "El servicio de imágenes informa que está **{{status}}**, así que una imagen nueva solo esperaría en la cola. Inténtalo más tarde.",
  "refusal.serviceUnhealthyWhy":
    "El servicio de imágenes informa que está **{{status}}** ({{detail}}), así que una imagen nueva solo esperaría en la cola. Inténtalo más tarde.",

  "enhance.name": "Mejorar {{factor}}",
  "enhance.offServer": "{{name}} está desactivado en este servidor.",
  "used.underWay": "{{name}} de esta imagen ya está en marcha; el resultado se publicará aquí.",
  "refusal.channelNotAllowed":
    "No se pueden crear imágenes en este canal. En este servidor, usa `/$t(command.imagine.name)` en {{channels}}.",
  "refusal.ageRestrictedOnly":
    "Este servidor solo permite imágenes en canales con restricción de edad. Usa `/$t(command.imagine.name)` en un canal con restricción de edad.",
  "refusal.daily_one":
    "Hoy has iniciado {{count}} imagen, tu límite diario aquí ({{limit}}). Podrás iniciar más {{when}}.",
  "refusal.daily_many":
    "Hoy has iniciado {{count}} imágenes, tu límite diario aquí ({{limit}}). Podrás iniciar más {{when}}.",
  "refusal.daily_other":
    "Hoy has iniciado {{count}} imágenes, tu límite diario aquí ({{limit}}). Podrás iniciar más {{when}}.",
  "refusal.dailyAtMidnight": "a medianoche UTC",
  "error.generic":
    "Algo salió mal por mi parte y no pude terminar. El dueño del bot puede ver los detalles en el registro; inténtalo de nuevo en un momento.",
  "error.staleComponent":
    "Este botón ya no funciona: pertenece a una versión anterior del bot. Ejecuta el comando de nuevo para obtener uno nuevo.",
  "error.deadControl": "Este control ya no hace nada.",
  "moderator.notInDm": "Esto funciona en un servidor, no en mensajes directos.",
  "moderator.required": "Esto es para moderadores: necesita el permiso **Gestionar servidor**.",
  "cancel.notYours": "Solo quien pidió esta imagen (o un moderador) puede cancelarla.",
  "cancel.alreadyEnded": "Este trabajo ya terminó: no queda nada que cancelar.",
  "cancel.done": "Trabajo {{job}} de {{requester}} cancelado.",
  "reroll.notYours": "Solo quien pidió esta imagen (o un moderador) puede volver a generarla.",
  "reroll.started": "Se acaba de iniciar una nueva generación de esta imagen.",
  "upscale.notAvailable": "La imagen {{name}} de este trabajo no está disponible en el servicio de imágenes.",
  "upscale.onItsWay": "{{name}} de esta imagen ya está en camino.",
  "posted.already": "{{name}} ya se publicó.",
  "posted.alreadyLink": "{{name}} ya se publicó: {{link}}",
  "enhance.notYours":
    "Solo la persona para quien se publicó esta imagen (o un moderador) puede usar Mejorar {{factor}}: usa créditos del servicio de imágenes.",
  "enhance.noRoute":
    "Este servicio de imágenes no tiene Mejorar: no puede hacer copias más grandes de las imágenes.",
  "enhance.off": "Mejorar {{factor}} está desactivado en este bot.",
  "enhance.started": "Mejorar {{factor}} se acaba de iniciar para esta imagen.",
  "tryAgain.expired":
    "Este botón **Reintentar** ha caducado (las descripciones se guardan {{kept}}). Copia la descripción del mensaje de arriba y ejecuta `/$t(command.imagine.name)` de nuevo.",
  "tryAgain.notYours": "Este botón **Reintentar** es para la persona cuya descripción fue rechazada.",
  "history.notYours": "Esta lista es de otra persona: usa `/$t(command.history.name)` para ver la tuya.",
  "status.unknownJob": "El bot no conoce ningún trabajo {{job}} de este servidor (por id de trabajo o ref).",
  "show.unknownJob":
    "El bot no conoce ningún trabajo {{job}} (por id de trabajo o ref). `/$t(command.history.name)` muestra los tuyos.",
  "show.notYours":
    "Solo quien pidió esta imagen, o un moderador del servidor donde se hizo, puede mostrarla de nuevo.",
  "show.gone":
    "Esta imagen ya no está disponible en el servicio de imágenes (puede ser antigua o estar borrada), así que no se puede mostrar de nuevo.",
  "show.running": "Este trabajo sigue en marcha, así que no hay nada que mostrar de nuevo.",
  "show.ended": "Este trabajo terminó sin imagen ({{outcome}}), así que no hay nada que mostrar de nuevo.",
  "show.itsMessage": "Su mensaje: {{link}}",
  "show.notFinished": "El servicio de imágenes ya no tiene esta imagen terminada; no se puede mostrar.",
  "show.by": "Mostrada de nuevo por {{mention}}.",
  "blend.count":
    "Una mezcla lleva de {{min}} a {{max}} imágenes; adjuntaste {{count}}. Adjúntalas en las opciones de imagen, en el orden en que quieras mezclarlas.",
  "blend.aspectTwice":
    "Elegiste la relación de aspecto dos veces: {{option}} en la opción formato y {{typed}} en la descripción. Deja solo una.",

  "outcome.completed": "✅ Terminado",
  "outcome.failed": "❌ Falló",
  "outcome.timed-out": "⌛ Tiempo agotado (el bot dejó de esperar)",
  "outcome.lost": "❔ Perdido (el servicio ya no lo conoce)",
  "outcome.message-deleted": "🗑️ Su mensaje fue borrado",
  "outcome.cancelled": "✖️ Cancelado",

  "help.about":
    "**imagine-bot** convierte una descripción (y opcionalmente imágenes) en una cuadrícula de cuatro imágenes.\nEl progreso se muestra sobre la marcha; bajo la cuadrícula, **U1–U4** publican una imagen en grande y **🔄** ejecuta la descripción de nuevo.",
  "help.enhance":
    "Bajo una imagen suelta, {{buttons}} crea una copia más grande; cada una usa créditos del servicio de imágenes.",
  "help.enhanceButton": "**Mejorar {{factor}}**",
  // Prompt checks: what to change before anything is sent to the service.
  "check.fixThese": "Corrige esto y vuelve a intentarlo:",
  "check.andMore": "…y {{n}} más.",
  "check.empty": "Tu prompt está vacío: describe la imagen que quieres, p. ej. {{example}}.",
  "check.imageNeedsWords":
    "Un prompt de imagen también necesita palabras (o una segunda imagen): describe qué hacer con la imagen, p. ej. {{example}}.",
  "check.onlyParameters":
    "Tu prompt solo tiene parámetros: describe la imagen antes de ellos, p. ej. {{example}}.",
  "check.tooLong":
    "Tu prompt tiene {{length}} caracteres, {{over}} por encima del límite de {{max}}{{links}}. Acórtalo al menos {{cut}} caracteres.",
  "check.tooLongLink": " (el enlace de la imagen también cuenta)",
  "check.tooLongLinks": " (los enlaces de las imágenes también cuentan)",
  "check.imageUrl": "El enlace de imagen {{url}} no es una dirección web (http o https).",
  "check.permutation":
    "{{permutation}} es una permutación, que aquí no se admite: necesita una confirmación que el bot no puede dar e inicia un trabajo por opción. Ejecuta `/$t(command.imagine.name)` una vez por cada opción.",
  "check.repeat":
    "{{parameter}} no se admite aquí: inicia varios trabajos a la vez. Vuelve a ejecutar `/$t(command.imagine.name)` para otra serie.",
  "check.missingValue": "{{parameter}} necesita un valor, p. ej. {{example}}.",
  "check.singleValue":
    "{{value}} no es válido: {{parameter}} admite un solo valor, p. ej. {{example}}. Pon las palabras que describen la imagen antes de los parámetros.",
  "check.invalidValue": "{{value}} no es válido: usa {{expected}}, p. ej. {{example}}.",
  "check.expected.wholeNumber": "un número entero de {{min}} a {{max}}",
  "check.expected.number": "un número de {{min}} a {{max}}",
  "check.expected.oneOf": "uno de {{values}}",
  "check.expected.aspectRatio": "números enteros como ancho:alto",
  "check.expected.quality": "uno de .25, .5, 1, 2 o 4",
  "check.attachment": "adjunto",
  "check.attachmentUnreadable": "No se pudo leer el adjunto {{name}}: prueba a subirlo de nuevo.",
  "check.attachmentType":
    "{{name}}{{type}} no se puede usar como prompt de imagen: adjunta una imagen PNG, JPEG, WebP o GIF.",
  "check.attachmentTooLarge":
    "{{name}} ocupa {{size}}, demasiado: un prompt de imagen puede ocupar como máximo {{max}}. Adjunta una imagen más pequeña.",
  "check.attachmentTooLargeUnknown":
    "{{name}} es demasiado grande: un prompt de imagen puede ocupar como máximo {{max}}. Adjunta una imagen más pequeña.",
  "check.notParameters":
    "{{value}} no es una lista de parámetros: los parámetros predeterminados empiezan por `--`, p. ej. {{example}}. Las palabras van en cada prompt.",
  "imageError.lostDetail": "El servicio de imágenes ya no conoce este trabajo (puede que se haya borrado).",
  // `/imagine-status` (moderators).
  "statusPage.title": "📊 Estado del servicio de imágenes",
  "statusPage.condition.healthy": "en buen estado",
  "statusPage.condition.degraded": "degradado",
  "statusPage.condition.unreachable": "inaccesible",
  "statusPage.condition.unhealthy": "con fallos",
  "statusPage.condition.starting": "arrancando",
  "statusPage.condition.paused": "en pausa",
  "statusPage.features": "Servicio: {{ref}} · {{enhance}}",
  "statusPage.refSent": "se envía ref",
  "statusPage.refOmitted": "sin ref (trabajos asociados por id de imagen)",
  "statusPage.refUnknown": "ref aún por averiguar",
  "statusPage.enhanceRoute": "ruta de ampliación encontrada",
  "statusPage.noEnhanceRoute": "sin ruta de ampliación (sin Mejorar)",
  "statusPage.enhanceUnknown": "ruta de ampliación aún por averiguar",
  "statusPage.stalePending":
    "⚠️ Trabajos que esperan más de {{minutes}} min para empezar: {{count}}. El servicio dice estar sano, pero su informe puede estar desfasado (su bot de Midjourney puede estar caído).",
  "statusPage.degraded":
    "el servicio dice estar en buen estado, pero las peticiones a él fallaron en los últimos minutos",
  "statusPage.noAnswer": "sin respuesta",
  "statusPage.latency": "Latencia: {{latency}} · comprobado {{checked}}",
  "statusPage.lastError": "Último error {{when}}: {{error}}",
  "statusPage.last24h": "Últimas 24 horas",
  "statusPage.counts": "✅ {{completed}} terminados\n❌ {{failed}} fallidos\n⌛ {{timedOut}} caducados",
  "statusPage.limits": "Límites vigentes",
  "statusPage.cooldown": "{{duration}} de espera",
  "statusPage.noCooldown": "sin espera",
  "statusPage.limitsUser": "Por miembro: {{active}} a la vez, {{cooldown}} (excepto moderadores)",
  "statusPage.limitsServer": "Por servidor: {{active}} a la vez",
  "statusPage.limitsPrompt": "Prompts: como máximo {{max}} caracteres",
  "statusPage.limitsBanned_one": "Palabras prohibidas: {{count}} entrada",
  "statusPage.limitsBanned_many": "Palabras prohibidas: {{count}} entradas",
  "statusPage.limitsBanned_other": "Palabras prohibidas: {{count}} entradas",
  "statusPage.processes": "Procesos del bot: {{alive}} activos",
  "statusPage.noProcesses": "ninguno visto",
  "statusPage.noShards": "sin shards",
  "statusPage.shards": "shards {{shards}}",
  "statusPage.answeredThis": " (respondió a esto)",
  "statusPage.jobs_one": "{{count}} trabajo",
  "statusPage.jobs_many": "{{count}} trabajos",
  "statusPage.jobs_other": "{{count}} trabajos",
  "statusPage.andMore": "…y {{n}} más",
  "statusPage.started": "iniciado {{when}}",
  "statusPage.inFlightNone": "🖌️ En curso en este servidor: ninguno",
  "statusPage.inFlightNothing": "Ahora mismo no se está generando nada en este servidor.",
  "statusPage.inFlight": "🖌️ En curso en este servidor: {{from}}-{{to}} de {{total}}",
  "statusPage.page": "Página {{page}} de {{pages}} · los más antiguos primero",
  "statusPage.cancel": "Cancelar {{n}}",
  "statusPage.failures": "❌ Fallos recientes",
  "statusPage.failuresSome": "❌ Fallos recientes: los {{shown}} más recientes de {{total}}",
  "statusPage.noFailures": "No hay fallos recientes.",
  "statusPage.previous": "Anterior",
  "statusPage.refresh": "Actualizar",
  "statusPage.next": "Siguiente",
  "statusJob.title": "🔎 Trabajo {{id}}",
  "statusJob.footer": "Imagen {{id}}",
  "statusJob.images": "**Imágenes**",
  "statusJob.grid": "Cuadrícula",
  "statusJob.preview": "Vista previa",
  "statusJob.notALink": "{{label}}: {{url}} (no es un enlace utilizable)",
  "statusJob.moreLinks": " · y {{n}} más",
  "statusJob.upscaleOf": "U{{n}} de {{parent}}, ampliada {{factor}}",
  "statusJob.inFlight": "⏳ En curso",
  "statusJob.delivered": ", entregado",
  "statusJob.notDelivered": ", no entregado",
  "statusJob.jump": "Ir al mensaje",
  "statusJob.notKnownYet": "Aún no se sabe",
  "statusJob.where": "en {{place}}, desde {{source}}",
  "statusJob.inDm": "un MD",
  "statusJob.inServer": "este servidor",
  "statusJob.fromDm": "un prompt por MD",
  "statusJob.fromCommand": "un comando",
  "statusJob.lastSeen": "{{status}} (último visto; no se pudo cargar el registro)",
  "statusJob.field.status": "Estado",
  "statusJob.field.progress": "Progreso",
  "statusJob.field.outcome": "Resultado en el bot",
  "statusJob.field.message": "Mensaje",
  "statusJob.field.ref": "Ref",
  "statusJob.field.created": "Creado (servicio)",
  "statusJob.field.upscaleOf": "Ampliación de",
  "statusJob.field.error": "Error",
  "help.commands":
    "**Comandos**\n• `/$t(command.imagine.name) $t(command.imagine.prompt.name):` (opcionalmente `$t(command.imagine.image.name):`): dibujar una descripción en este canal.\n• `/$t(command.blend.name) $t(command.blend.image1.name): $t(command.blend.image2.name):` (hasta `$t(command.blend.image5.name):`, `$t(command.blend.prompt.name):` y `$t(command.blend.aspect.name):` opcionales): mezclar de 2 a 5 imágenes.\n• `/$t(command.imagine-status.name)` (moderadores): estado del servicio, trabajos de este servidor, fallos recientes y límites.\n• `/$t(command.history.name)`: tus imágenes recientes (en un servidor, las de ese servidor; en mensajes directos, todas), con enlaces. `/$t(command.show.name) $t(command.show.job.name):` publica una de nuevo.\n• `/$t(command.help.name)`: este mensaje.\n• Por mensaje directo, envíame una descripción (con imágenes adjuntas si quieres); envía `help` para este mensaje.",
  "help.syntax":
    "**Sintaxis de descripciones**: primero las URL de imágenes, luego el texto, luego los parámetros.\n> un faro al anochecer, pintura al óleo --ar 16:9\n> https://example.com/cat.png un gato como caballero --iw 1.5\n> un bosque brumoso --no people, text --chaos 20 --stylize 300 --v 6",
  "help.parameters": "Parámetros: {{parameters}}.",
  "help.unsupported": "Las permutaciones `{a, b}` y `--repeat` no están disponibles.",
  "help.limitsServer": "**Tus límites en este servidor**",
  "help.limitsDm": "**Tus límites en mensajes directos**",
  "help.moderator": "• Como moderador no tienes límite por persona de trabajos ni de espera.",
  "help.userActive_one": "• Como máximo {{count}} imagen a la vez; tienes {{active}} en marcha.",
  "help.userActive_many": "• Como máximo {{count}} imágenes a la vez; tienes {{active}} en marcha.",
  "help.userActive_other": "• Como máximo {{count}} imágenes a la vez; tienes {{active}} en marcha.",
  "help.cooldown": "• Espera {{cooldown}} entre dos descripciones.",
  "help.noCooldown": "• Sin espera entre descripciones.",
  "help.guildActive_one":
    "• Este servidor genera como máximo {{count}} imagen a la vez; {{active}} en marcha.",
  "help.guildActive_many":
    "• Este servidor genera como máximo {{count}} imágenes a la vez; {{active}} en marcha.",
  "help.guildActive_other":
    "• Este servidor genera como máximo {{count}} imágenes a la vez; {{active}} en marcha.",
  "help.promptLength": "• Descripciones de hasta {{max}} caracteres.",

  "history.empty":
    "No tienes imágenes en este servidor que el bot aún recuerde. Usa `/$t(command.imagine.name)` para crear una.",
  "history.emptyEverywhere":
    "No tienes imágenes que el bot aún recuerde. Usa `/$t(command.imagine.name)` para crear una.",
  "history.title": "🖼️ Tus imágenes en este servidor",
  "history.titleEverywhere": "🖼️ Tus imágenes en todas partes",
  "history.footer":
    "Página {{page}} · más recientes primero · /$t(command.show.name) $t(command.show.job.name):<id> publica una de nuevo",
  "history.inDm": "en mensajes directos",
  "history.inServer": "en un servidor",
  "history.noMessage": "mensaje desconocido",
  "history.jump": "ir al mensaje",
  "history.show": "Mostrar {{n}}",
  "history.newer": "◀ Más recientes",
  "history.older": "Más antiguas ▶",

  // `/quota`.
  "quota.title": "**Tus imágenes en este servidor**",
  "quota.titleDm": "**Tus imágenes en mensajes directos**",
  "quota.source.server": "el ajuste de este servidor",
  "quota.source.role": "tu rol {{role}}",
  "quota.source.anyRole": "tu rol",
  "quota.source.owner": "el valor por defecto del bot",
  "quota.dailyUnlimited_one": "• Hoy has iniciado {{count}} imagen; no hay límite diario.",
  "quota.dailyUnlimited_many": "• Hoy has iniciado {{count}} imágenes; no hay límite diario.",
  "quota.dailyUnlimited_other": "• Hoy has iniciado {{count}} imágenes; no hay límite diario.",
  "quota.dailyModerator_one":
    "• Hoy has iniciado {{count}} imagen; como moderador, el límite diario ({{limit}}) no se te aplica.",
  "quota.dailyModerator_many":
    "• Hoy has iniciado {{count}} imágenes; como moderador, el límite diario ({{limit}}) no se te aplica.",
  "quota.dailyModerator_other":
    "• Hoy has iniciado {{count}} imágenes; como moderador, el límite diario ({{limit}}) no se te aplica.",
  "quota.daily_one":
    "• Hoy has iniciado {{count}} imagen de {{limit}} al día ({{source}}): **quedan {{left}}**.",
  "quota.daily_many":
    "• Hoy has iniciado {{count}} imágenes de {{limit}} al día ({{source}}): **quedan {{left}}**.",
  "quota.daily_other":
    "• Hoy has iniciado {{count}} imágenes de {{limit}} al día ({{source}}): **quedan {{left}}**.",
  "quota.reset": "• La cuenta del día vuelve a empezar {{relative}} ({{absolute}}, medianoche UTC).",
  "quota.activeModerator_one":
    "• Tienes {{count}} imagen generándose; como moderador no tienes límite de trabajos a la vez.",
  "quota.activeModerator_many":
    "• Tienes {{count}} imágenes generándose; como moderador no tienes límite de trabajos a la vez.",
  "quota.activeModerator_other":
    "• Tienes {{count}} imágenes generándose; como moderador no tienes límite de trabajos a la vez.",
  "quota.active_one":
    "• Tienes {{count}} imagen generándose, de un máximo de {{limit}} a la vez ({{source}}).",
  "quota.active_many":
    "• Tienes {{count}} imágenes generándose, de un máximo de {{limit}} a la vez ({{source}}).",
  "quota.active_other":
    "• Tienes {{count}} imágenes generándose, de un máximo de {{limit}} a la vez ({{source}}).",
  "quota.noCooldown": "• Sin espera entre imágenes.",
  "quota.cooldownNow": "• Espera {{wait}} entre imágenes ({{source}}): puedes iniciar una ahora.",
  "quota.cooldownNext":
    "• Espera {{wait}} entre imágenes ({{source}}): podrás iniciar la siguiente {{when}}.",
  "quota.soon": "pronto",
  // `/imagine-config` (moderadores): el comando, sus opciones y opciones fijas, y sus respuestas.
  "command.imagine-config.name": "imaginar-config",
  "command.imagine-config.description":
    "Ajustes de imágenes de este servidor: límites, palabras prohibidas, canales, valores (moderadores)",
  "command.imagine-config.show.name": "ver",
  "command.imagine-config.show.description": "Cada ajuste vigente aquí, y de dónde viene",
  "command.imagine-config.limits.name": "límites",
  "command.imagine-config.limits.description": "Límites para cada miembro y para el servidor",
  "command.imagine-config.limits.set.name": "fijar",
  "command.imagine-config.limits.set.description": "Fijar límites (los demás se mantienen)",
  "command.imagine-config.limits.set.per_user_active.name": "activos_por_miembro",
  "command.imagine-config.limits.set.per_user_active.description":
    "Trabajos que un miembro puede tener en curso a la vez",
  "command.imagine-config.limits.set.cooldown_seconds.name": "espera_segundos",
  "command.imagine-config.limits.set.cooldown_seconds.description":
    "Segundos entre las descripciones de un miembro (0: ninguna)",
  "command.imagine-config.limits.set.daily_images.name": "imágenes_por_día",
  "command.imagine-config.limits.set.daily_images.description":
    "Imágenes que un miembro puede iniciar por día (UTC)",
  "command.imagine-config.limits.set.server_active.name": "activos_servidor",
  "command.imagine-config.limits.set.server_active.description":
    "Trabajos que todo el servidor puede tener en curso a la vez",
  "command.imagine-config.limits.clear.name": "quitar",
  "command.imagine-config.limits.clear.description": "Volver al valor del propietario",
  "command.imagine-config.limits.clear.limit.name": "límite",
  "command.imagine-config.limits.clear.limit.description": "Qué límite (por defecto: todos)",
  "command.imagine-config.limits.clear.limit.choice.per_user_active":
    "Trabajos que un miembro puede tener en curso a la vez",
  "command.imagine-config.limits.clear.limit.choice.cooldown_seconds":
    "Segundos entre las descripciones de un miembro (0: ninguna)",
  "command.imagine-config.limits.clear.limit.choice.daily_images":
    "Imágenes que un miembro puede iniciar por día (UTC)",
  "command.imagine-config.limits.clear.limit.choice.server_active":
    "Trabajos que todo el servidor puede tener en curso a la vez",
  "command.imagine-config.role-limits.name": "límites-rol",
  "command.imagine-config.role-limits.description":
    "Límites propios de un rol (se aplica el más generoso de los roles de un miembro)",
  "command.imagine-config.role-limits.set.name": "fijar",
  "command.imagine-config.role-limits.set.description": "Fijar los límites de un rol",
  "command.imagine-config.role-limits.set.role.name": "rol",
  "command.imagine-config.role-limits.set.role.description": "El rol",
  "command.imagine-config.role-limits.set.per_user_active.name": "activos_por_miembro",
  "command.imagine-config.role-limits.set.per_user_active.description":
    "Trabajos que un miembro puede tener en curso a la vez",
  "command.imagine-config.role-limits.set.cooldown_seconds.name": "espera_segundos",
  "command.imagine-config.role-limits.set.cooldown_seconds.description":
    "Segundos entre las descripciones de un miembro (0: ninguna)",
  "command.imagine-config.role-limits.set.daily_images.name": "imágenes_por_día",
  "command.imagine-config.role-limits.set.daily_images.description":
    "Imágenes que un miembro puede iniciar por día (UTC)",
  "command.imagine-config.role-limits.clear.name": "quitar",
  "command.imagine-config.role-limits.clear.description": "Quitar los límites de un rol",
  "command.imagine-config.role-limits.clear.role.name": "rol",
  "command.imagine-config.role-limits.clear.role.description": "El rol",
  "command.imagine-config.banned-words.name": "palabras-prohibidas",
  "command.imagine-config.banned-words.description":
    "Palabras rechazadas en las descripciones aquí (la lista del propietario también se aplica)",
  "command.imagine-config.banned-words.add.name": "añadir",
  "command.imagine-config.banned-words.add.description": "Prohibir palabras o frases",
  "command.imagine-config.banned-words.add.words.name": "palabras",
  "command.imagine-config.banned-words.add.words.description":
    "Separadas por comas, p. ej. gore, magia oscura",
  "command.imagine-config.banned-words.remove.name": "quitar",
  "command.imagine-config.banned-words.remove.description": "Volver a permitir palabras prohibidas",
  "command.imagine-config.banned-words.remove.words.name": "palabras",
  "command.imagine-config.banned-words.remove.words.description": "Separadas por comas",
  "command.imagine-config.banned-words.list.name": "lista",
  "command.imagine-config.banned-words.list.description": "Las palabras prohibidas de este servidor",
  "command.imagine-config.audit-channel.name": "canal-registro",
  "command.imagine-config.audit-channel.description":
    "Dónde se publican envíos, rechazos, resultados y cambios de ajustes",
  "command.imagine-config.audit-channel.set.name": "fijar",
  "command.imagine-config.audit-channel.set.description": "Publicarlos en un canal",
  "command.imagine-config.audit-channel.set.channel.name": "canal",
  "command.imagine-config.audit-channel.set.channel.description": "Un canal de texto",
  "command.imagine-config.audit-channel.clear.name": "quitar",
  "command.imagine-config.audit-channel.clear.description":
    "Volver al canal de registro del propietario, si lo hay",
  "command.imagine-config.channels.name": "canales",
  "command.imagine-config.channels.description": "Elegir los canales donde se puede usar /imaginar",
  "command.imagine-config.age-restricted-only.name": "solo-restricción-edad",
  "command.imagine-config.age-restricted-only.description":
    "Descripciones y resultados solo en canales con restricción de edad",
  "command.imagine-config.age-restricted-only.enabled.name": "activado",
  "command.imagine-config.age-restricted-only.enabled.description": "Activado o desactivado",
  "command.imagine-config.default-parameters.name": "parámetros-predeterminados",
  "command.imagine-config.default-parameters.description":
    "Parámetros añadidos a cada descripción aquí, salvo que la descripción los fije",
  "command.imagine-config.default-parameters.set.name": "fijar",
  "command.imagine-config.default-parameters.set.description": "p. ej. --v 7 --stylize 100",
  "command.imagine-config.default-parameters.set.parameters.name": "parámetros",
  "command.imagine-config.default-parameters.set.parameters.description": "Solo parámetros, p. ej. --v 7",
  "command.imagine-config.default-parameters.clear.name": "quitar",
  "command.imagine-config.default-parameters.clear.description": "Sin parámetros predeterminados",
  "command.imagine-config.enhance.name": "mejorar",
  "command.imagine-config.enhance.description": "Si se ofrecen botones Mejorar bajo las imágenes sueltas",
  "command.imagine-config.enhance.enabled.name": "activado",
  "command.imagine-config.enhance.enabled.description": "Activado o desactivado",
  "command.imagine-config.reset.name": "restablecer",
  "command.imagine-config.reset.description": "Quitar todos los ajustes de este servidor (pregunta antes)",
  "setting.userMaxActive": "Trabajos a la vez por miembro",
  "setting.userCooldownMs": "Espera entre las descripciones de un miembro",
  "setting.userDailyImages": "Imágenes por miembro y día",
  "setting.guildMaxActive": "Trabajos a la vez en este servidor",
  "setting.bannedWords": "Palabras prohibidas",
  "setting.auditChannel": "Canal de registro",
  "setting.allowedChannels": "Canales para /$t(command.imagine.name)",
  "setting.ageRestrictedOnly": "Solo canales con restricción de edad",
  "setting.defaultParameters": "Parámetros predeterminados",
  "setting.enhance": "Botones Mejorar",
  "setting.suffix": "Sufijo",
  "setting.aspectRatio": "Relación de aspecto predeterminada",
  "setting.delivery": "Entrega de resultados",
  "setting.language": "Idioma",
  "setting.on": "activado",
  "setting.off": "desactivado",
  "setting.none": "ninguno",
  "setting.notSet": "sin definir",
  "setting.byDm": "por mensaje directo",
  "setting.inChannel": "en el canal",
  "setting.noLimit": "sin límite",
  "setting.allChannels": "todos",
  "setting.source.server": "este servidor",
  "setting.source.role": "rol",
  "setting.source.owner": "valor del propietario",
  "config.show.title": "Ajustes vigentes en este servidor",
  "config.show.bannedWords": "{{server}} de este servidor",
  "config.show.bannedWordsOwner": "{{server}} de este servidor (+ {{owner}} del propietario, siempre)",
  "config.show.noRoles":
    "No hay límites por rol. `/$t(command.imagine-config.name) $t(command.imagine-config.role-limits.name) $t(command.imagine-config.role-limits.set.name)` da a un rol sus propios límites (se aplica el más generoso de los roles de un miembro).",
  "config.show.roles": "**Límites por rol** (se aplica el más generoso de los roles de un miembro):",
  "config.show.footer": "Los moderadores están exentos de los límites por miembro.",
  "config.channels.placeholder": "Canales donde se puede usar /$t(command.imagine.name) (ninguno: todos)",
  "config.channels.all":
    "`/$t(command.imagine.name)` se puede usar ahora en todos los canales. Elige los canales donde se puede usar:",
  "config.channels.some":
    "`/$t(command.imagine.name)` se puede usar ahora en {{channels}}. Elige los canales (ninguno: todos):",
  "config.reset.button": "Restablecer todos los ajustes",
  "config.reset.title": "¿Restablecer los ajustes de este servidor?",
  "config.reset.nothing":
    "Este servidor no tiene ajustes propios: están vigentes los valores del propietario.",
  "config.reset.all": "Todos estos vuelven a los valores del propietario.",
  "config.otherServer": "Este menú pertenece a los ajustes de otro servidor.",
  "config.limitsMissing": "Indica al menos un límite que fijar: {{options}}.",
  "config.enhanceUnavailable":
    "Mejorar no se puede activar aquí: el propietario del bot no ofrece factores de ampliación (`ENHANCE_FACTORS`).",
  "config.bannedWords.title": "Palabras prohibidas de este servidor",
  "config.bannedWords.none": "Este servidor no tiene palabras prohibidas propias.",
  "config.bannedWords.ownerNone": "El propietario del bot no prohibió palabras para todos los servidores.",
  "config.bannedWords.owner_one":
    "La lista del propietario del bot ({{count}} palabra) también se aplica siempre, además de estas.",
  "config.bannedWords.owner_many":
    "La lista del propietario del bot ({{count}} palabras) también se aplica siempre, además de estas.",
  "config.bannedWords.owner_other":
    "La lista del propietario del bot ({{count}} palabras) también se aplica siempre, además de estas.",
  "settings.changed.title": "Ajustes cambiados",
  "settings.changed.nothing": "No cambió nada: ese ya es el ajuste.",
  "settings.changed.server": "Vigente para este servidor desde ahora.",
  "settings.changed.member": "Se usa desde tu próxima descripción.",
  "settings.show.title": "Tus preferencias",
  "settings.show.unset": "{{notSet}} ({{fallback}})",
  "settings.show.defaultSuffix": "ninguno",
  "settings.show.defaultAspectRatio": "la de la descripción, si no 1:1",
  "settings.show.defaultDelivery": "en el canal",
  "settings.show.defaultLanguage": "tu idioma de Discord",
  "settings.show.note":
    "Se aplican dondequiera que uses el bot (servidores y mensajes directos). Los parámetros propios de una descripción tienen prioridad.",
};

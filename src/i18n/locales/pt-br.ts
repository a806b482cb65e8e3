/** Brazilian Portuguese (Português do Brasil). Keys and placeholders as in `en.ts`; a missing key shows English. */
import type { Translations } from "../translate.js";

export const ptBR: Translations = {
  "command.imagine.name": "imaginar",
  "command.imagine.description": "Criar uma imagem a partir de uma descrição",
  "command.imagine.prompt.name": "descrição",
  "command.imagine.prompt.description": "O que desenhar. Parâmetros do Midjourney funcionam, ex. --ar 16:9",
  "command.imagine.image.name": "imagem",
  "command.imagine.image.description": "Uma imagem de partida (PNG, JPEG, WebP ou GIF)",
  "command.blend.name": "mesclar",
  "command.blend.description": "Mesclar de 2 a 5 imagens em uma nova imagem",
  "command.blend.image1.name": "imagem1",
  "command.blend.image1.description": "Imagem 1 (PNG, JPEG, WebP ou GIF)",
  "command.blend.image2.name": "imagem2",
  "command.blend.image2.description": "Imagem 2 (PNG, JPEG, WebP ou GIF)",
  "command.blend.image3.name": "imagem3",
  "command.blend.image3.description": "Imagem 3 (PNG, JPEG, WebP ou GIF)",
  "command.blend.image4.name": "imagem4",
  "command.blend.image4.description": "Imagem 4 (PNG, JPEG, WebP ou GIF)",
  "command.blend.image5.name": "imagem5",
  "command.blend.image5.description": "Imagem 5 (PNG, JPEG, WebP ou GIF)",
  "command.blend.prompt.name": "descrição",
  "command.blend.prompt.description": "Palavras opcionais (e parâmetros) depois das imagens",
  "command.blend.aspect.name": "formato",
  "command.blend.aspect.description": "Proporção do resultado (--ar)",
  "command.blend.aspect.choice.1:1": "Quadrado (1:1)",
  "command.blend.aspect.choice.2:3": "Retrato (2:3)",
  "command.blend.aspect.choice.3:2": "Paisagem (3:2)",
  "command.blend.aspect.choice.9:16": "Alto (9:16)",
  "command.blend.aspect.choice.16:9": "Largo (16:9)",
  "command.imagine-status.name": "imaginar-status",
  "command.imagine-status.description":
    "Saúde do serviço de imagens, tarefas deste servidor, falhas recentes e limites (moderadores)",
  "command.imagine-status.job.name": "tarefa",
  "command.imagine-status.job.description": "Um id de tarefa ou o id da interação (ref) que a iniciou",
  "command.help.name": "ajuda",
  "command.help.description": "O que este bot faz, seus comandos, a sintaxe de descrições e seus limites",
  "command.history.name": "histórico",
  "command.history.description":
    "Suas imagens recentes: descrição, resultado, quando e um link para cada uma",
  "command.show.name": "mostrar",
  "command.show.description": "Publicar de novo uma das suas imagens prontas, com seus botões",
  "command.show.job.name": "tarefa",
  "command.show.job.description": "O id da tarefa (veja /histórico) ou o id da interação (ref) que a iniciou",

  "command.quota.name": "cota",
  "command.quota.description":
    "O que resta para você hoje: imagens, tarefas ao mesmo tempo e quando iniciar a próxima",
  "command.settings.name": "preferências",
  "command.settings.description": "Suas preferências: sufixo, proporção, onde ficam os resultados, idioma",
  "command.settings.show.name": "mostrar",
  "command.settings.show.description": "Mostrar suas preferências",
  "command.settings.suffix.name": "sufixo",
  "command.settings.suffix.description":
    "Palavras ou parâmetros adicionados a cada descrição sua (deixe vazio para remover)",
  "command.settings.suffix.text.name": "texto",
  "command.settings.suffix.text.description": "ex. --ar 16:9 --v 6, ou: pintura a óleo",
  "command.settings.aspect-ratio.name": "proporção",
  "command.settings.aspect-ratio.description":
    "Proporção quando a descrição não define nenhuma (deixe vazio para 1:1)",
  "command.settings.aspect-ratio.ratio.name": "razão",
  "command.settings.aspect-ratio.ratio.description": "largura:altura, ex. 16:9",
  "command.settings.delivery.name": "entrega",
  "command.settings.delivery.description": "Onde suas imagens prontas são publicadas",
  "command.settings.delivery.where.name": "onde",
  "command.settings.delivery.where.description": "No canal onde você pediu, ou nas suas mensagens diretas",
  "command.settings.delivery.where.choice.channel": "No canal",
  "command.settings.delivery.where.choice.dm": "Por mensagem direta",
  "command.settings.language.name": "idioma",
  "command.settings.language.description":
    "O idioma em que o bot responde a você (deixe vazio para o idioma do Discord)",
  "command.settings.language.language.name": "idioma",
  "command.settings.language.language.description": "Um dos idiomas do bot",
  "command.settings.reset.name": "redefinir",
  "command.settings.reset.description": "Remover todas as suas preferências",
  "help.quota":
    "• `/$t(command.quota.name)`: o que resta para você hoje (imagens, tarefas ao mesmo tempo, espera) e quando recomeça.",
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
  "status.pending": "⏳ Na fila",
  "status.in-progress": "🖌️ Gerando",
  "status.completed": "✅ Finalizando",
  "status.failed": "❌ Falhou",
  "status.other": "⏳ Aguardando ({{status}})",

  "prompt.heading": "**Descrição**",
  "prompt.empty": "*(descrição vazia)*",
  "job.footer": "Tarefa {{id}}",
  "field.requestedBy": "Pedido por",
  "field.requested": "Pedido",
  "field.started": "Iniciado",
  "field.finished": "Concluído",
  "field.finishedIn": "em {{elapsed}}",
  "field.aspectRatio": "Proporção",
  "button.cancel": "Cancelar",
  "button.tryAgain": "Tentar de novo",

  "progress.submitting": "🎨 Enviando sua descrição…",
  "progress.pending": "Aguardando o gerador iniciar sua tarefa. Isso pode demorar quando ele está ocupado.",
  "progress.started": "O gerador começou sua imagem.",
  "progress.drawing": "O gerador está desenhando sua imagem; a prévia fica mais nítida aos poucos.",
  "progress.completed": "Sua imagem está pronta e a caminho.",
  "progress.failed": "A tarefa falhou.",
  "progress.other": "O serviço informa a tarefa como “{{status}}”; aguardando ela começar.",
  "progress.serviceUnanswering":
    "⚠️ O serviço de imagens não está respondendo agora. O bot continua tentando e vai atualizar esta mensagem quando ele responder.",

  "result.title": "✅ Sua imagem está pronta",
  "result.content": "{{mention}} sua imagem está pronta.",
  "result.note": "Escolha **U1–U4** para obter uma imagem sozinha, ou 🔄 para rodar a descrição de novo.",
  "result.noteNoImage":
    "⚠️ A imagem não pode ser mostrada aqui. Escolha **U1–U4** para imagens avulsas, ou 🔄 para tentar de novo.",
  "result.pointerBelow": "⤵️ O resultado foi publicado abaixo.",
  "result.pointer": "⤵️ O resultado está aqui: {{link}}",
  "upscale.title": "🖼️ Imagem {{name}}",
  "upscale.content": "{{mention}} aqui está a imagem {{name}}.",
  "upscale.unavailable": "A imagem {{name}} não está disponível",
  "upscale.thisUnavailable": "Esta imagem não está disponível",
  "upscale.notReturned":
    "O serviço de imagens não devolveu esta imagem. Use 🔄 na grade para rodar a descrição de novo.",
  "upscale.notShown": "Esta imagem não pode ser mostrada aqui. Tente o botão de novo daqui a pouco.",
  "enhance.creditNote":
    "**Melhorar** cria uma cópia maior desta imagem; cada uma usa créditos do serviço de imagens.",
  "enhance.button": "Melhorar {{factor}} (usa créditos)",
  "enhance.tryAgain": "Tentar de novo (usa créditos)",
  "enhance.title": "🔍 Imagem {{name}} melhorada {{factor}}",
  "enhance.content": "{{mention}} sua imagem melhorada {{name}} {{factor}} está pronta.",
  "enhance.notShown": "⚠️ A imagem melhorada não pode ser mostrada aqui.",

  "failure.title": "❌ Não foi possível criar sua imagem",
  "failure.content": "{{mention}} não foi possível criar sua imagem.",
  "failure.serviceSaid": "O serviço disse",
  "failure.generatorSaid": "O gerador disse",
  "failure.privateNotice": "Esta descrição não pôde ser gerada.",
  "failure.privateNoticeJob": "Esta descrição não pôde ser gerada. Tarefa {{id}}",
  "timeout.title": "⌛ Parou de esperar após {{waited}}",
  "timeout.description":
    "O serviço de imagens não concluiu esta tarefa em {{waited}}, então o bot parou de esperar por ela. O gerador pode estar ocupado ou travado. Tente mais tarde com o botão abaixo ou com `/$t(command.imagine.name)`.",
  "timeout.content": "{{mention}} sua imagem demorou demais.",
  "cancelled.title": "✖️ Cancelada",
  "cancelled.content": "Cancelada por {{by}}",
  "cancelled.someone": "alguém",
  "cancelled.description": "O bot parou de acompanhar esta tarefa; o resultado não será publicado.",
  "cancelled.descriptionFor":
    "O bot parou de acompanhar esta tarefa (pedida por {{requester}}); o resultado não será publicado.",

  "imageError.moderation.summary": "A moderação do gerador de imagens recusou esta descrição.",
  "imageError.moderation.hint": "Reescreva a descrição sem as palavras que ele recusa e tente de novo.",
  "imageError.invalid-parameter.summary": "O gerador de imagens não aceitou um parâmetro desta descrição.",
  "imageError.invalid-parameter.hint": "Corrija o parâmetro `--` que ele indica e tente de novo.",
  "imageError.generator.summary": "O gerador de imagens recusou a tarefa.",
  "imageError.generator.hint": "Mude a descrição se a mensagem dele pedir e tente de novo.",
  "imageError.prompt-timeout.summary": "O gerador recebeu a descrição, mas nunca iniciou a tarefa.",
  "imageError.prompt-timeout.hint": "Isso costuma ser temporário: tente de novo.",
  "imageError.queue-timeout.summary": "A tarefa esperou demais na fila do gerador e foi descartada.",
  "imageError.queue-timeout.hint": "O gerador está ocupado: tente de novo em alguns minutos.",
  "imageError.completion-timeout.summary": "O gerador começou a imagem, mas não a terminou a tempo.",
  "imageError.completion-timeout.hint":
    "Tente de novo; se continuar acontecendo, o gerador pode estar sobrecarregado.",
  "imageError.not-delivered.summary": "O gerador fez a imagem, mas ela nunca chegou ao serviço de imagens.",
  "imageError.not-delivered.hint": "Tente de novo.",
  "imageError.no-image.summary":
    "O serviço de imagens disse que a imagem estava pronta, mas não enviou nenhuma imagem que possa ser mostrada.",
  "imageError.no-image.hint": "Tente de novo; se continuar acontecendo, avise um admin.",
  "imageError.unspecified.summary": "O serviço de imagens falhou sem dizer por quê.",
  "imageError.unspecified.hint": "Tente de novo; se continuar falhando, avise um admin.",
  "imageError.no-reason.summary": "O serviço de imagens marcou a tarefa como falha sem dar motivo.",
  "imageError.no-reason.hint": "Tente de novo.",
  "imageError.unknown.summary": "O serviço de imagens informou um erro.",
  "imageError.unknown.hint": "Tente de novo; se continuar falhando, avise um admin.",

  "serviceError.unavailable.title": "O serviço de imagens está indisponível",
  "serviceError.unavailable.message":
    "O serviço de imagens não está respondendo direito agora. Tente de novo em alguns minutos.",
  "serviceError.misconfigured.title": "O bot está mal configurado",
  "serviceError.unauthorized.message":
    "O serviço de imagens não aceitou as credenciais do bot. Um admin foi avisado; tente de novo mais tarde.",
  "serviceError.forbidden.message":
    "O serviço de imagens recusou o pedido do bot. Um admin foi avisado; tente de novo mais tarde.",
  "serviceError.quota.title": "A cota de imagens acabou",
  "serviceError.quota.message":
    "Este bot esgotou sua cota de imagens, então nenhuma imagem nova pode ser criada por enquanto. Um admin pode adicionar mais.",
  "serviceError.busy.title": "O serviço de imagens está ocupado",
  "serviceError.busy.message": "Muitas imagens estão sendo pedidas agora. Tente de novo em {{seconds}} s.",
  "serviceError.busy.messageMinute": "Muitas imagens estão sendo pedidas agora. Tente de novo em um minuto.",
  "serviceError.refused.title": "A descrição foi recusada",
  "serviceError.refused.message":
    "O serviço de imagens recusou esta descrição. Mude a descrição e tente de novo.",
  "serviceError.refused.messageQuoted":
    "O serviço de imagens recusou esta descrição: “{{said}}”. Mude a descrição e tente de novo.",
  "serviceError.imageGone":
    "Esta imagem não está mais disponível no serviço de imagens (pode ser antiga ou ter sido apagada), então este botão não funciona mais. Use `/$t(command.imagine.name)` para criar uma nova.",

  "refusal.bannedWords":
    "Sua descrição foi recusada: ela contém palavras que este servidor não permite. Por favor, reescreva.",
  "refusal.userActive_one":
    "Você já tem {{count}} imagem sendo gerada, o máximo ao mesmo tempo ({{limit}}). Você pode iniciar outra quando ela terminar.",
  "refusal.userActive_many":
    "Você já tem {{count}} imagens sendo geradas, o máximo ao mesmo tempo ({{limit}}). Você pode iniciar outra quando uma delas terminar.",
  "refusal.userActive_other":
    "Você já tem {{count}} imagens sendo geradas, o máximo ao mesmo tempo ({{limit}}). Você pode iniciar outra quando uma delas terminar.",
  "refusal.cooldown": "Espere {{cooldown}} entre imagens. Você pode iniciar outra imagem {{when}}.",
  "refusal.cooldownIn": "em {{duration}}",
  "refusal.guildActive_one":
    "Este servidor já tem {{count}} imagem sendo gerada, o máximo ao mesmo tempo ({{limit}}). Tente de novo quando ela terminar.",
  "refusal.guildActive_many":
    "Este servidor já tem {{count}} imagens sendo geradas, o máximo ao mesmo tempo ({{limit}}). Tente de novo quando uma delas terminar.",
  "refusal.guildActive_other":
    "Este servidor já tem {{count}} imagens sendo geradas, o máximo ao mesmo tempo ({{limit}}). Tente de novo quando uma delas terminar.",
  "refusal.serviceUnhealthy":
    "O serviço de imagens informa que está **{{status}}**, então uma imagem nova só ficaria esperando na fila. Tente de novo mais tarde.",
  "refusal.serviceUnhealthyWhy":
    "O serviço de imagens informa que está **{{status}}** ({{detail}}), então uma imagem nova só ficaria esperando na fila. Tente de novo mais tarde.",

  "enhance.name": "Melhorar {{factor}}",
  "enhance.offServer": "{{name}} está desativado neste servidor.",
  "used.underWay": "{{name}} desta imagem já está em andamento; o resultado será publicado aqui.",
  "refusal.channelNotAllowed":
    "Não é possível criar imagens neste canal. Neste servidor, use `/$t(command.imagine.name)` em {{channels}}.",
  "refusal.ageRestrictedOnly":
    "Este servidor só permite imagens em canais com restrição de idade. Use `/$t(command.imagine.name)` em um canal com restrição de idade.",
  "refusal.daily_one":
    "Você iniciou {{count}} imagem hoje, seu limite diário aqui ({{limit}}). Você pode iniciar mais {{when}}.",
  "refusal.daily_many":
    "Você iniciou {{count}} imagens hoje, seu limite diário aqui ({{limit}}). Você pode iniciar mais {{when}}.",
  "refusal.daily_other":
    "Você iniciou {{count}} imagens hoje, seu limite diário aqui ({{limit}}). Você pode iniciar mais {{when}}.",
  "refusal.dailyAtMidnight": "à meia-noite UTC",
  "error.generic":
    "Algo deu errado do meu lado e não consegui terminar. O dono do bot encontra os detalhes no log; tente de novo daqui a pouco.",
  "error.staleComponent":
    "Este botão não funciona mais: ele é de uma versão antiga do bot. Rode o comando de novo para ganhar um novo.",
  "error.deadControl": "Este controle não faz mais nada.",
  "moderator.notInDm": "Isto funciona em um servidor, não em mensagens diretas.",
  "moderator.required": "Isto é para moderadores: precisa da permissão **Gerenciar servidor**.",
  "cancel.notYours": "Só quem pediu esta imagem (ou um moderador) pode cancelá-la.",
  "cancel.alreadyEnded": "Esta tarefa já terminou: não há mais nada para cancelar.",
  "cancel.done": "Tarefa {{job}} de {{requester}} cancelada.",
  "reroll.notYours": "Só quem pediu esta imagem (ou um moderador) pode gerá-la de novo.",
  "reroll.started": "Uma nova geração desta imagem acabou de começar.",
  "upscale.notAvailable": "A imagem {{name}} desta tarefa não está disponível no serviço de imagens.",
  "upscale.onItsWay": "{{name}} desta imagem já está a caminho.",
  "posted.already": "{{name}} já foi publicada.",
  "posted.alreadyLink": "{{name}} já foi publicada: {{link}}",
  "enhance.notYours":
    "Só a pessoa para quem esta imagem foi publicada (ou um moderador) pode usar Melhorar {{factor}}: isso usa créditos do serviço de imagens.",
  "enhance.off": "Melhorar {{factor}} está desativado neste bot.",
  "enhance.started": "Melhorar {{factor}} acabou de começar para esta imagem.",
  "tryAgain.expired":
    "Este botão **Tentar de novo** expirou (as descrições ficam guardadas por {{kept}}). Copie a descrição da mensagem acima e rode `/$t(command.imagine.name)` de novo.",
  "tryAgain.notYours": "Este botão **Tentar de novo** é para a pessoa cuja descrição foi recusada.",
  "history.notYours": "Esta lista é de outra pessoa: use `/$t(command.history.name)` para ver a sua.",
  "status.unknownJob": "O bot não conhece nenhuma tarefa {{job}} deste servidor (por id de tarefa ou ref).",
  "show.unknownJob":
    "O bot não conhece nenhuma tarefa {{job}} (por id de tarefa ou ref). `/$t(command.history.name)` lista as suas.",
  "show.notYours":
    "Só quem pediu esta imagem, ou um moderador do servidor onde ela foi feita, pode mostrá-la de novo.",
  "show.gone":
    "Esta imagem não está mais disponível no serviço de imagens (pode ser antiga ou ter sido apagada), então não pode ser mostrada de novo.",
  "show.running": "Esta tarefa ainda está rodando, então não há nada para mostrar de novo.",
  "show.ended": "Esta tarefa terminou sem imagem ({{outcome}}), então não há nada para mostrar de novo.",
  "show.itsMessage": "A mensagem dela: {{link}}",
  "show.notFinished": "O serviço de imagens não tem mais esta imagem pronta; ela não pode ser mostrada.",
  "show.by": "Mostrada de novo por {{mention}}.",
  "blend.count":
    "Uma mescla leva de {{min}} a {{max}} imagens; você anexou {{count}}. Anexe-as nas opções de imagem, na ordem em que quer mesclá-las.",
  "blend.aspectTwice":
    "Você escolheu a proporção duas vezes: {{option}} na opção formato e {{typed}} na descrição. Fique com uma delas.",

  "outcome.completed": "✅ Concluída",
  "outcome.failed": "❌ Falhou",
  "outcome.timed-out": "⌛ Tempo esgotado (o bot parou de esperar)",
  "outcome.lost": "❔ Perdida (o serviço não a conhece mais)",
  "outcome.message-deleted": "🗑️ A mensagem dela foi apagada",
  "outcome.cancelled": "✖️ Cancelada",

  "help.about":
    "**imagine-bot** transforma uma descrição (e opcionalmente imagens) em uma grade de quatro imagens.\nO progresso aparece enquanto acontece; abaixo da grade, **U1–U4** publicam uma imagem em tamanho grande e **🔄** roda a descrição de novo.",
  "help.enhance":
    "Abaixo de uma imagem avulsa, {{buttons}} cria uma cópia maior dela; cada uma usa créditos do serviço de imagens.",
  "help.enhanceButton": "**Melhorar {{factor}}**",
  // Prompt checks: what to change before anything is sent to the service.
  "check.fixThese": "Corrija estes pontos e tente de novo:",
  "check.andMore": "…e mais {{n}}.",
  "check.empty": "Seu prompt está vazio: descreva a imagem que você quer, por ex. {{example}}.",
  "check.imageNeedsWords":
    "Um prompt de imagem também precisa de palavras (ou de uma segunda imagem): descreva o que fazer com a imagem, por ex. {{example}}.",
  "check.onlyParameters": "Seu prompt só tem parâmetros: descreva a imagem antes deles, por ex. {{example}}.",
  "check.tooLong":
    "Seu prompt tem {{length}} caracteres, {{over}} acima do limite de {{max}}{{links}}. Encurte-o em pelo menos {{cut}} caracteres.",
  "check.tooLongLink": " (o link da imagem também conta)",
  "check.tooLongLinks": " (os links das imagens também contam)",
  "check.imageUrl": "O link de imagem {{url}} não é um endereço web (http ou https).",
  "check.permutation":
    "{{permutation}} é uma permutação, que não é suportada aqui: ela precisa de uma confirmação que o bot não pode dar e inicia um trabalho por opção. Em vez disso, execute `/$t(command.imagine.name)` uma vez para cada opção.",
  "check.repeat":
    "{{parameter}} não é suportado aqui: ele inicia vários trabalhos de uma vez. Execute `/$t(command.imagine.name)` de novo para outra série.",
  "check.missingValue": "{{parameter}} precisa de um valor, por ex. {{example}}.",
  "check.singleValue":
    "{{value}} não é válido: {{parameter}} aceita um único valor, por ex. {{example}}. Coloque as palavras que descrevem a imagem antes dos parâmetros.",
  "check.invalidValue": "{{value}} não é válido: use {{expected}}, por ex. {{example}}.",
  "check.expected.wholeNumber": "um número inteiro de {{min}} a {{max}}",
  "check.expected.number": "um número de {{min}} a {{max}}",
  "check.expected.oneOf": "um de {{values}}",
  "check.expected.aspectRatio": "números inteiros como largura:altura",
  "check.expected.quality": "um de .25, .5, 1, 2 ou 4",
  "check.attachment": "anexo",
  "check.attachmentUnreadable": "Não foi possível ler o anexo {{name}}: tente enviá-lo de novo.",
  "check.attachmentType":
    "{{name}}{{type}} não pode ser usado como prompt de imagem: anexe uma imagem PNG, JPEG, WebP ou GIF.",
  "check.attachmentTooLarge":
    "{{name}} tem {{size}}, grande demais: um prompt de imagem pode ter no máximo {{max}}. Anexe uma imagem menor.",
  "check.attachmentTooLargeUnknown":
    "{{name}} é grande demais: um prompt de imagem pode ter no máximo {{max}}. Anexe uma imagem menor.",
  "check.notParameters":
    "{{value}} não é uma lista de parâmetros: os parâmetros padrão começam com `--`, por ex. {{example}}. As palavras ficam em cada prompt.",
  "imageError.lostDetail":
    "O serviço de imagens não conhece mais este trabalho (ele pode ter sido excluído).",
  // `/imagine-status` (moderators).
  "statusPage.title": "📊 Status do serviço de imagens",
  "statusPage.condition.healthy": "saudável",
  "statusPage.condition.degraded": "degradado",
  "statusPage.condition.unreachable": "inacessível",
  "statusPage.condition.unhealthy": "com falhas",
  "statusPage.condition.starting": "iniciando",
  "statusPage.condition.paused": "pausado",
  "statusPage.degraded": "o serviço se diz saudável, mas requisições a ele falharam nos últimos minutos",
  "statusPage.noAnswer": "sem resposta",
  "statusPage.latency": "Latência: {{latency}} · verificado {{checked}}",
  "statusPage.lastError": "Último erro {{when}}: {{error}}",
  "statusPage.last24h": "Últimas 24 horas",
  "statusPage.counts": "✅ {{completed}} concluídos\n❌ {{failed}} com falha\n⌛ {{timedOut}} expirados",
  "statusPage.limits": "Limites em vigor",
  "statusPage.cooldown": "{{duration}} de espera",
  "statusPage.noCooldown": "sem espera",
  "statusPage.limitsUser": "Por membro: {{active}} por vez, {{cooldown}} (exceto moderadores)",
  "statusPage.limitsServer": "Por servidor: {{active}} por vez",
  "statusPage.limitsPrompt": "Prompts: no máximo {{max}} caracteres",
  "statusPage.limitsBanned_one": "Palavras proibidas: {{count}} item",
  "statusPage.limitsBanned_many": "Palavras proibidas: {{count}} itens",
  "statusPage.limitsBanned_other": "Palavras proibidas: {{count}} itens",
  "statusPage.processes": "Processos do bot: {{alive}} ativos",
  "statusPage.noProcesses": "nenhum visto",
  "statusPage.noShards": "sem shards",
  "statusPage.shards": "shards {{shards}}",
  "statusPage.answeredThis": " (respondeu a isto)",
  "statusPage.jobs_one": "{{count}} trabalho",
  "statusPage.jobs_many": "{{count}} trabalhos",
  "statusPage.jobs_other": "{{count}} trabalhos",
  "statusPage.andMore": "…e mais {{n}}",
  "statusPage.started": "iniciado {{when}}",
  "statusPage.inFlightNone": "🖌️ Em andamento neste servidor: nenhum",
  "statusPage.inFlightNothing": "Nada está sendo gerado neste servidor agora.",
  "statusPage.inFlight": "🖌️ Em andamento neste servidor: {{from}}-{{to}} de {{total}}",
  "statusPage.page": "Página {{page}} de {{pages}} · mais antigos primeiro",
  "statusPage.cancel": "Cancelar {{n}}",
  "statusPage.failures": "❌ Falhas recentes",
  "statusPage.failuresSome": "❌ Falhas recentes: as {{shown}} mais recentes de {{total}}",
  "statusPage.noFailures": "Nenhuma falha recente.",
  "statusPage.previous": "Anterior",
  "statusPage.refresh": "Atualizar",
  "statusPage.next": "Próxima",
  "statusJob.title": "🔎 Trabalho {{id}}",
  "statusJob.footer": "Imagem {{id}}",
  "statusJob.images": "**Imagens**",
  "statusJob.grid": "Grade",
  "statusJob.preview": "Prévia",
  "statusJob.notALink": "{{label}}: {{url}} (não é um link utilizável)",
  "statusJob.moreLinks": " · e mais {{n}}",
  "statusJob.upscaleOf": "U{{n}} de {{parent}}, ampliada {{factor}}",
  "statusJob.inFlight": "⏳ Em andamento",
  "statusJob.delivered": ", entregue",
  "statusJob.notDelivered": ", não entregue",
  "statusJob.jump": "Ir para a mensagem",
  "statusJob.notKnownYet": "Ainda não se sabe",
  "statusJob.where": "em {{place}}, a partir de {{source}}",
  "statusJob.inDm": "uma DM",
  "statusJob.inServer": "este servidor",
  "statusJob.fromDm": "um prompt por DM",
  "statusJob.fromCommand": "um comando",
  "statusJob.lastSeen": "{{status}} (visto por último; o registro não pôde ser carregado)",
  "statusJob.field.status": "Status",
  "statusJob.field.progress": "Progresso",
  "statusJob.field.outcome": "Resultado no bot",
  "statusJob.field.message": "Mensagem",
  "statusJob.field.ref": "Ref",
  "statusJob.field.created": "Criado (serviço)",
  "statusJob.field.upscaleOf": "Ampliação de",
  "statusJob.field.error": "Erro",
  "help.commands":
    "**Comandos**\n• `/$t(command.imagine.name) $t(command.imagine.prompt.name):` (opcionalmente `$t(command.imagine.image.name):`): desenhar uma descrição neste canal.\n• `/$t(command.blend.name) $t(command.blend.image1.name): $t(command.blend.image2.name):` (até `$t(command.blend.image5.name):`, `$t(command.blend.prompt.name):` e `$t(command.blend.aspect.name):` opcionais): mesclar de 2 a 5 imagens.\n• `/$t(command.imagine-status.name)` (moderadores): saúde do serviço, tarefas deste servidor, falhas recentes e limites.\n• `/$t(command.history.name)`: suas imagens recentes (em um servidor, as daquele servidor; em mensagens diretas, todas), com links. `/$t(command.show.name) $t(command.show.job.name):` publica uma de novo.\n• `/$t(command.help.name)`: esta mensagem.\n• Em mensagem direta, me mande uma descrição (com imagens anexadas, se quiser); mande `help` para esta mensagem.",
  "help.syntax":
    "**Sintaxe de descrições**: primeiro as URLs de imagens, depois o texto, depois os parâmetros.\n> um farol ao entardecer, pintura a óleo --ar 16:9\n> https://example.com/cat.png um gato como cavaleiro --iw 1.5\n> uma floresta enevoada --no people, text --chaos 20 --stylize 300 --v 6",
  "help.parameters": "Parâmetros: {{parameters}}.",
  "help.unsupported": "Permutações `{a, b}` e `--repeat` não são suportadas.",
  "help.limitsServer": "**Seus limites neste servidor**",
  "help.limitsDm": "**Seus limites em mensagens diretas**",
  "help.moderator": "• Como moderador, você não tem limite por pessoa de tarefas nem de espera.",
  "help.userActive_one": "• No máximo {{count}} imagem por vez; você tem {{active}} rodando agora.",
  "help.userActive_many": "• No máximo {{count}} imagens por vez; você tem {{active}} rodando agora.",
  "help.userActive_other": "• No máximo {{count}} imagens por vez; você tem {{active}} rodando agora.",
  "help.cooldown": "• Espere {{cooldown}} entre duas descrições.",
  "help.noCooldown": "• Sem espera entre descrições.",
  "help.guildActive_one":
    "• Este servidor gera no máximo {{count}} imagem por vez; {{active}} rodando agora.",
  "help.guildActive_many":
    "• Este servidor gera no máximo {{count}} imagens por vez; {{active}} rodando agora.",
  "help.guildActive_other":
    "• Este servidor gera no máximo {{count}} imagens por vez; {{active}} rodando agora.",
  "help.promptLength": "• Descrições de até {{max}} caracteres.",

  "history.empty":
    "Você não tem imagens neste servidor de que o bot ainda se lembre. Use `/$t(command.imagine.name)` para criar uma.",
  "history.emptyEverywhere":
    "Você não tem imagens de que o bot ainda se lembre. Use `/$t(command.imagine.name)` para criar uma.",
  "history.title": "🖼️ Suas imagens neste servidor",
  "history.titleEverywhere": "🖼️ Suas imagens em todo lugar",
  "history.footer":
    "Página {{page}} · mais recentes primeiro · /$t(command.show.name) $t(command.show.job.name):<id> publica uma de novo",
  "history.inDm": "em mensagens diretas",
  "history.inServer": "em um servidor",
  "history.noMessage": "mensagem desconhecida",
  "history.jump": "ir para a mensagem",
  "history.show": "Mostrar {{n}}",
  "history.newer": "◀ Mais recentes",
  "history.older": "Mais antigas ▶",

  // `/quota`.
  "quota.title": "**Suas imagens neste servidor**",
  "quota.titleDm": "**Suas imagens em mensagens diretas**",
  "quota.source.server": "a configuração deste servidor",
  "quota.source.role": "seu cargo {{role}}",
  "quota.source.anyRole": "seu cargo",
  "quota.source.owner": "o padrão do bot",
  "quota.dailyUnlimited_one": "• Você iniciou {{count}} imagem hoje; não há limite diário.",
  "quota.dailyUnlimited_many": "• Você iniciou {{count}} imagens hoje; não há limite diário.",
  "quota.dailyUnlimited_other": "• Você iniciou {{count}} imagens hoje; não há limite diário.",
  "quota.dailyModerator_one":
    "• Você iniciou {{count}} imagem hoje; como moderador, o limite diário ({{limit}}) não se aplica a você.",
  "quota.dailyModerator_many":
    "• Você iniciou {{count}} imagens hoje; como moderador, o limite diário ({{limit}}) não se aplica a você.",
  "quota.dailyModerator_other":
    "• Você iniciou {{count}} imagens hoje; como moderador, o limite diário ({{limit}}) não se aplica a você.",
  "quota.daily_one":
    "• Você iniciou {{count}} imagem hoje de {{limit}} por dia ({{source}}): **restam {{left}}**.",
  "quota.daily_many":
    "• Você iniciou {{count}} imagens hoje de {{limit}} por dia ({{source}}): **restam {{left}}**.",
  "quota.daily_other":
    "• Você iniciou {{count}} imagens hoje de {{limit}} por dia ({{source}}): **restam {{left}}**.",
  "quota.reset": "• A contagem do dia recomeça {{relative}} ({{absolute}}, meia-noite UTC).",
  "quota.activeModerator_one":
    "• Você tem {{count}} imagem sendo gerada; como moderador, você não tem limite de tarefas ao mesmo tempo.",
  "quota.activeModerator_many":
    "• Você tem {{count}} imagens sendo geradas; como moderador, você não tem limite de tarefas ao mesmo tempo.",
  "quota.activeModerator_other":
    "• Você tem {{count}} imagens sendo geradas; como moderador, você não tem limite de tarefas ao mesmo tempo.",
  "quota.active_one":
    "• Você tem {{count}} imagem sendo gerada, de no máximo {{limit}} ao mesmo tempo ({{source}}).",
  "quota.active_many":
    "• Você tem {{count}} imagens sendo geradas, de no máximo {{limit}} ao mesmo tempo ({{source}}).",
  "quota.active_other":
    "• Você tem {{count}} imagens sendo geradas, de no máximo {{limit}} ao mesmo tempo ({{source}}).",
  "quota.noCooldown": "• Sem espera entre imagens.",
  "quota.cooldownNow": "• Espere {{wait}} entre imagens ({{source}}): você pode iniciar uma agora.",
  "quota.cooldownNext": "• Espere {{wait}} entre imagens ({{source}}): você pode iniciar a próxima {{when}}.",
  "quota.soon": "em breve",
};

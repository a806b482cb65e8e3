/**
 * English: the bot's texts as written, and the fallback for any key another language lacks. Placeholders are
 * `{{name}}`; `$t(key)` inserts another text (command names, so every language names its own commands).
 */
export const en = {
  // Slash commands, their options and choices (names: lowercase, no spaces, at most 32 characters).
  "command.imagine.name": "imagine",
  "command.imagine.description": "Create an image from a text prompt",
  "command.imagine.prompt.name": "prompt",
  "command.imagine.prompt.description": "What to draw. Midjourney parameters work, e.g. --ar 16:9",
  "command.imagine.image.name": "image",
  "command.imagine.image.description": "An image to start from (PNG, JPEG, WebP or GIF)",
  "command.blend.name": "blend",
  "command.blend.description": "Blend 2 to 5 images into a new image",
  "command.blend.image1.name": "image1",
  "command.blend.image1.description": "Image 1 (PNG, JPEG, WebP or GIF)",
  "command.blend.image2.name": "image2",
  "command.blend.image2.description": "Image 2 (PNG, JPEG, WebP or GIF)",
  "command.blend.image3.name": "image3",
  "command.blend.image3.description": "Image 3 (PNG, JPEG, WebP or GIF)",
  "command.blend.image4.name": "image4",
  "command.blend.image4.description": "Image 4 (PNG, JPEG, WebP or GIF)",
  "command.blend.image5.name": "image5",
  "command.blend.image5.description": "Image 5 (PNG, JPEG, WebP or GIF)",
  "command.blend.prompt.name": "prompt",
  "command.blend.prompt.description": "Optional words (and parameters) after the images",
  "command.blend.aspect.name": "aspect",
  "command.blend.aspect.description": "Aspect ratio of the result (--ar)",
  "command.blend.aspect.choice.1:1": "Square (1:1)",
  "command.blend.aspect.choice.2:3": "Portrait (2:3)",
  "command.blend.aspect.choice.3:2": "Landscape (3:2)",
  "command.blend.aspect.choice.9:16": "Tall (9:16)",
  "command.blend.aspect.choice.16:9": "Wide (16:9)",
  "command.imagine-status.name": "imagine-status",
  "command.imagine-status.description":
    "Image service health, this server's jobs, recent failures and limits (moderators)",
  "command.imagine-status.job.name": "job",
  "command.imagine-status.job.description":
    "A job id (shown under its image), or the id of the command that started it",
  "command.help.name": "help",
  "command.help.description": "What this bot does, its commands, prompt syntax and your limits",
  "command.history.name": "history",
  "command.history.description": "Your recent images: prompt, outcome, when, and a link to each",
  "command.show.name": "show",
  "command.show.description": "Post one of your finished images again, with its buttons",
  "command.show.job.name": "job",
  "command.show.job.description": "The job id (see /history) or the interaction id (ref) it was started by",
  "command.quota.name": "quota",
  "command.quota.description":
    "What you have left today: images, jobs at once, and when you can start the next",
  "command.settings.name": "settings",
  "command.settings.description": "Your preferences: prompt suffix, aspect ratio, where results go, language",
  "command.settings.show.name": "show",
  "command.settings.show.description": "Show your preferences",
  "command.settings.suffix.name": "suffix",
  "command.settings.suffix.description":
    "Words or parameters added to every prompt of yours (leave empty to remove)",
  "command.settings.suffix.text.name": "text",
  "command.settings.suffix.text.description": "e.g. --ar 16:9 --v 6, or: oil painting",
  "command.settings.aspect-ratio.name": "aspect-ratio",
  "command.settings.aspect-ratio.description":
    "Aspect ratio when a prompt sets none (leave empty for the default 1:1)",
  "command.settings.aspect-ratio.ratio.name": "ratio",
  "command.settings.aspect-ratio.ratio.description": "width:height, e.g. 16:9",
  "command.settings.delivery.name": "delivery",
  "command.settings.delivery.description": "Where your finished images are posted",
  "command.settings.delivery.where.name": "where",
  "command.settings.delivery.where.description": "In the channel where you asked, or in your DMs",
  "command.settings.delivery.where.choice.channel": "In the channel",
  "command.settings.delivery.where.choice.dm": "By DM",
  "command.settings.language.name": "language",
  "command.settings.language.description":
    "The language the bot answers you in (leave empty for your Discord language)",
  "command.settings.language.language.name": "language",
  "command.settings.language.language.description": "One of the bot's languages",
  "command.settings.reset.name": "reset",
  "command.settings.reset.description": "Remove all your preferences",

  // Times and statuses.
  "duration.hours_one": "{{count}} hour",
  "duration.hours_other": "{{count}} hours",
  "duration.minutes_one": "{{count}} minute",
  "duration.minutes_other": "{{count}} minutes",
  "duration.seconds_one": "{{count}} second",
  "duration.seconds_other": "{{count}} seconds",
  "elapsed.hours": "{{n}} h",
  "elapsed.minutes": "{{n}} min",
  "elapsed.seconds": "{{n}} s",
  "status.pending": "⏳ Waiting in queue",
  "status.in-progress": "🖌️ Generating",
  "status.completed": "✅ Finishing",
  "status.failed": "❌ Failed",
  "status.other": "⏳ Waiting ({{status}})",

  // Parts of a job's messages.
  "prompt.heading": "**Prompt**",
  "prompt.empty": "*(empty prompt)*",
  "job.footer": "Job {{id}}",
  "field.requestedBy": "Requested by",
  "field.requested": "Requested",
  "field.started": "Started",
  "field.finished": "Finished",
  "field.finishedIn": "in {{elapsed}}",
  "field.aspectRatio": "Aspect ratio",
  "button.cancel": "Cancel",
  "button.tryAgain": "Try again",

  // While a job runs.
  "progress.submitting": "🎨 Sending your prompt…",
  "progress.pending": "Waiting for the generator to start your job. This can take a while when it is busy.",
  "progress.started": "The generator has started your image.",
  "progress.drawing": "The generator is drawing your image; the preview sharpens as it goes.",
  "progress.completed": "Your image is done and on its way.",
  "progress.failed": "The job failed.",
  "progress.other": "The service reports the job as “{{status}}”; waiting for it to start.",
  "progress.serviceUnanswering":
    "⚠️ The image service is not answering right now. The bot keeps trying and will update this message when it does.",

  // Results.
  "progress.serviceStarting":
    "⏳ The image service reports that it is starting. Your job is queued there and starts once the service is ready.",
  // Links that last: a kept prompt's Discord image link that can no longer be refreshed.
  "imageLink.expired":
    "The image of this prompt is no longer on Discord (its message was deleted), so it cannot be used again. Attach the image again with /imagine.",
  // Imagine from this image: a message command (right-click a message → Apps) and its modal.
  "messageCommand.imagineFromImage.name": "Imagine from this image",
  "imagineFromImage.title": "Imagine from this image",
  "imagineFromImage.promptLabel": "Prompt",
  "imagineFromImage.promptPlaceholder": "What to make of the image, e.g. a watercolor of it at sunset",
  "imagineFromImage.imageLabel": "Image prompt (the message's first image)",
  "imagineFromImage.noImage":
    "This message has no image to imagine from. Pick a message with an image, or use /imagine with an image attached.",
  // Members anywhere (a user install): the result after the interaction token's 15 minutes goes by DM.
  "progress.resultByDmLater":
    "📬 I can answer here for 15 minutes only: if your image takes longer, it will come to your DMs.",
  "progress.serviceDown":
    "⚠️ The image service reports that it is down. Your job is queued there and starts once the service recovers, if that happens before the time limit.",
  "result.title": "✅ Your image is ready",
  "result.content": "{{mention}} your image is ready.",
  "result.note": "Pick **U1–U4** to get one image on its own, or 🔄 to run the prompt again.",
  "result.noteNoImage":
    "⚠️ The image could not be shown here. Pick **U1–U4** to get single images, or 🔄 to try again.",
  "result.pointerBelow": "⤵️ The result was posted below.",
  "result.pointer": "⤵️ The result is here: {{link}}",
  "upscale.title": "🖼️ Image {{name}}",
  "upscale.content": "{{mention}} here is image {{name}}.",
  "upscale.unavailable": "Image {{name}} is not available",
  "upscale.thisUnavailable": "This image is not available",
  "upscale.notReturned":
    "The image service did not return this image. Use 🔄 on the grid to run the prompt again.",
  "upscale.notShown": "This image could not be shown here. Try the button again in a moment.",
  "enhance.creditNote": "**Enhance** makes a larger copy of this image; each one uses image-service credits.",
  "enhance.button": "Enhance {{factor}} (uses credits)",
  "enhance.tryAgain": "Try again (uses credits)",
  "enhance.title": "🔍 Image {{name}} enhanced {{factor}}",
  "enhance.content": "{{mention}} your enhanced image {{name}} {{factor}} is ready.",
  "enhance.notShown": "⚠️ The enhanced image could not be shown here.",

  // Jobs that ended without an image.
  "failure.title": "❌ Your image could not be made",
  "failure.content": "{{mention}} your image could not be made.",
  "failure.serviceSaid": "The service said",
  "failure.generatorSaid": "The generator said",
  "failure.privateNotice": "This prompt could not be generated.",
  "failure.privateNoticeJob": "This prompt could not be generated. Job {{id}}",
  "timeout.title": "⌛ Stopped waiting after {{waited}}",
  "timeout.description":
    "The image service did not finish this job within {{waited}}, so the bot stopped waiting for it. The generator may be busy or stuck. Try again later with the button below or with `/$t(command.imagine.name)`.",
  "timeout.content": "{{mention}} your image took too long.",
  "cancelled.title": "✖️ Cancelled",
  "cancelled.content": "Cancelled by {{by}}",
  "cancelled.someone": "someone",
  "cancelled.description": "The bot stopped following this job; its result will not be posted.",
  "cancelled.descriptionFor":
    "The bot stopped following this job (asked for by {{requester}}); its result will not be posted.",

  // A failed record's error, explained.
  "imageError.moderation.summary": "The image generator's moderation refused this prompt.",
  "imageError.moderation.hint": "Rephrase the prompt without the words it objects to, then try again.",
  "imageError.invalid-parameter.summary": "The image generator could not accept a parameter of this prompt.",
  "imageError.invalid-parameter.hint": "Fix the `--` parameter it names, then try again.",
  "imageError.generator.summary": "The image generator refused the job.",
  "imageError.generator.hint": "Change the prompt if its message asks you to, then try again.",
  "imageError.prompt-timeout.summary": "The generator received the prompt but never started the job.",
  "imageError.prompt-timeout.hint": "This is usually temporary: try again.",
  "imageError.queue-timeout.summary": "The job waited too long in the generator's queue and was dropped.",
  "imageError.queue-timeout.hint": "The generator is busy: try again in a few minutes.",
  "imageError.completion-timeout.summary": "The generator started the image but did not finish it in time.",
  "imageError.completion-timeout.hint": "Try again; if it keeps happening, the generator may be overloaded.",
  "imageError.not-delivered.summary": "The generator made the image, but it never reached the image service.",
  "imageError.not-delivered.hint": "Try again.",
  "imageError.no-image.summary":
    "The image service said the image was finished, but sent no image that can be shown.",
  "imageError.no-image.hint": "Try again; if it keeps happening, tell an admin.",
  "imageError.unspecified.summary": "The image service failed without saying why.",
  "imageError.unspecified.hint": "Try again; if it keeps failing, tell an admin.",
  "imageError.no-reason.summary": "The image service marked the job as failed without giving a reason.",
  "imageError.no-reason.hint": "Try again.",
  "imageError.unknown.summary": "The image service reported an error.",
  "imageError.unknown.hint": "Try again; if it keeps failing, tell an admin.",

  // Creating an image failed.
  "serviceError.unavailable.title": "The image service is unavailable",
  "serviceError.unavailable.message":
    "The image service is not answering properly right now. Try again in a few minutes.",
  "serviceError.internal.title": "The image service failed",
  "serviceError.internal.message":
    "The image service had an internal error and did not say why, so trying again may not help. The bot's owner can find the cause in the service's logs.",
  "serviceError.misconfigured.title": "The bot is misconfigured",
  "serviceError.unauthorized.message":
    "The image service did not accept the bot's credentials. An admin has been told; please try again later.",
  "serviceError.forbidden.message":
    "The image service refused the bot's request. An admin has been told; please try again later.",
  "serviceError.quota.title": "The image quota is used up",
  "serviceError.quota.message":
    "This bot has used up its image quota, so no new images can be made for now. An admin can add more.",
  "serviceError.busy.title": "The image service is busy",
  "serviceError.busy.message": "Too many images are being requested right now. Try again in {{seconds}} s.",
  "serviceError.busy.messageMinute": "Too many images are being requested right now. Try again in a minute.",
  "serviceError.refused.title": "The prompt was refused",
  "serviceError.refused.message": "The image service refused this prompt. Change the prompt and try again.",
  "serviceError.refused.messageQuoted":
    "The image service refused this prompt: “{{said}}”. Change the prompt and try again.",
  "serviceError.imageGone":
    "This image is no longer available from the image service (it may be old or deleted), so this button no longer works. Run `/$t(command.imagine.name)` to make a new one.",

  // Refusals before anything reaches the service.
  "refusal.bannedWords":
    "Your prompt was refused: {{word}} is on this server's list of banned words, which its moderators keep. Please rephrase it.",
  "refusal.bannedWordsOwner":
    "Your prompt was refused: {{word}} is on the bot owner's list of banned words, which applies in every server and in DMs. Please rephrase it.",
  "refusal.userActive_one":
    "You already have {{count}} image being generated, the most you can run at once ({{limit}}). You can start another one when one of them finishes.",
  "refusal.userActive_other":
    "You already have {{count}} images being generated, the most you can run at once ({{limit}}). You can start another one when one of them finishes.",
  "refusal.cooldown": "Please wait {{cooldown}} between images. You can start another image {{when}}.",
  "refusal.cooldownIn": "in {{duration}}",
  "refusal.guildActive_one":
    "This server already has {{count}} image being generated, the most it can run at once ({{limit}}). Please try again when one of them finishes.",
  "refusal.guildActive_other":
    "This server already has {{count}} images being generated, the most it can run at once ({{limit}}). Please try again when one of them finishes.",
  "refusal.serviceUnhealthy":
    "The image service reports that it is **{{status}}**, so a new image would only wait in the queue. Please try again later.",
  "refusal.serviceUnhealthyWhy":
    "The image service reports that it is **{{status}}** ({{detail}}), so a new image would only wait in the queue. Please try again later.",

  "enhance.name": "Enhance {{factor}}",
  "enhance.offServer": "{{name}} is turned off in this server.",
  "used.underWay": "{{name}} of this image is already under way; the result will be posted here.",
  "refusal.channelNotAllowed":
    "Images can't be made in this channel. In this server, use `/$t(command.imagine.name)` in {{channels}}.",
  "refusal.ageRestrictedOnly":
    "This server allows images only in age-restricted channels. Please use `/$t(command.imagine.name)` in an age-restricted channel.",
  "refusal.daily_one":
    "You have started {{count}} image today, your daily limit here ({{limit}}). You can start more {{when}}.",
  "refusal.daily_other":
    "You have started {{count}} images today, your daily limit here ({{limit}}). You can start more {{when}}.",
  "refusal.dailyAtMidnight": "at midnight UTC",
  // Answers to commands and buttons.
  "error.generic":
    "Something went wrong on my side and I could not finish that. The bot owner can find the details in the log; please try again in a moment.",
  "error.staleComponent":
    "This button no longer works: it belongs to an older version of the bot. Run the command again to get a fresh one.",
  "error.deadControl": "This control no longer does anything.",
  "moderator.notInDm": "This works in a server, not in DMs.",
  "moderator.required": "This is for moderators: it needs the **Manage Server** permission.",
  "cancel.notYours": "Only the person who asked for this image (or a moderator) can cancel it.",
  "cancel.alreadyEnded": "This job already ended: there is nothing left to cancel.",
  "cancel.done": "Cancelled job {{job}} of {{requester}}.",
  "reroll.notYours": "Only the person who asked for this image (or a moderator) can reroll it.",
  "reroll.started": "A reroll of this image was just started.",
  "upscale.notAvailable": "Image {{name}} of this job is not available from the image service.",
  "upscale.onItsWay": "{{name}} of this image is already on its way.",
  "posted.already": "{{name}} was already posted.",
  "posted.alreadyLink": "{{name}} was already posted: {{link}}",
  "enhance.notYours":
    "Only the person this image was posted for (or a moderator) can use Enhance {{factor}}: it uses image-service credits.",
  "enhance.noRoute": "This image service has no Enhance: it cannot make larger copies of images.",
  "enhance.off": "Enhance {{factor}} is turned off on this bot.",
  "enhance.started": "Enhance {{factor}} of this image was just started.",
  "tryAgain.expired":
    "This **Try again** button has expired (prompts are kept for {{kept}}). Copy the prompt from the message above and run `/$t(command.imagine.name)` again.",
  "tryAgain.notYours": "This **Try again** button is for the person whose prompt was refused.",
  "tryAgain.started": "This prompt was just tried again.",
  "history.notYours": "This list belongs to someone else: run `/$t(command.history.name)` for yours.",
  "status.unknownJob": "No job {{job}} of this server is known to the bot (by job id or ref).",
  "show.unknownJob":
    "No job {{job}} is known to the bot (by job id or ref). `/$t(command.history.name)` lists yours.",
  "show.notYours":
    "Only the person who asked for this image, or a moderator of the server it was made in, can show it again.",
  "show.gone":
    "This image is no longer available from the image service (it may be old or deleted), so it cannot be shown again.",
  "show.running": "This job is still running, so there is nothing to show again.",
  "show.ended": "This job ended without an image ({{outcome}}), so there is nothing to show again.",
  "show.itsMessage": "Its message: {{link}}",
  "show.notFinished": "The image service no longer has this image finished; it cannot be shown.",
  "show.by": "Shown again by {{mention}}.",
  "blend.count":
    "A blend takes {{min}} to {{max}} images; you attached {{count}}. Attach them in the image options, in the order you want them blended.",
  "blend.aspectTwice":
    "You chose the aspect ratio twice: {{option}} in the aspect option and {{typed}} in the prompt. Keep one of them.",

  // Outcomes of jobs (history, status, /show).
  "outcome.completed": "✅ Completed",
  "outcome.failed": "❌ Failed",
  "outcome.timed-out": "⌛ Timed out (the bot stopped waiting)",
  "outcome.lost": "❔ Lost (the service no longer knows it)",
  "outcome.message-deleted": "🗑️ Its message was deleted",
  "outcome.cancelled": "✖️ Cancelled",
  // Help (`/help` and the DM `help`).
  "help.about":
    "**imagine-bot** turns a text prompt (and optionally images) into a grid of four pictures.\nProgress is shown as it goes; under the grid, **U1–U4** post one picture large and **🔄** runs the prompt again.",
  "help.enhance":
    "Under a single picture, {{buttons}} makes a larger copy of it; each one uses image-service credits.",
  "help.enhanceButton": "**Enhance {{factor}}**",
  // Prompt checks: what to change before anything is sent to the service.
  "check.fixThese": "Please fix these and try again:",
  "check.andMore": "…and {{n}} more.",
  "check.empty": "Your prompt is empty: describe the image you want, e.g. {{example}}.",
  "check.imageNeedsWords":
    "An image prompt needs words too (or a second image): describe what to make of the image, e.g. {{example}}.",
  "check.onlyParameters":
    "Your prompt has only parameters: describe the image before them, e.g. {{example}}.",
  "check.tooLong":
    "Your prompt is {{length}} characters long, {{over}} over the limit of {{max}}{{links}}. Shorten it by at least {{cut}} characters.",
  "check.tooLongLink": " (the image link counts too)",
  "check.tooLongLinks": " (image links count too)",
  "check.imageUrl": "The image link {{url}} is not a web address (http or https).",
  "check.permutation":
    "{{permutation}} is a permutation, which is not supported here: it needs a confirmation the bot cannot give and starts one job per option. Run `/$t(command.imagine.name)` once for each option instead.",
  "check.repeat":
    "{{parameter}} is not supported here: it starts several jobs at once. Run `/$t(command.imagine.name)` again for another set.",
  "check.missingValue": "{{parameter}} needs a value, e.g. {{example}}.",
  "check.singleValue":
    "{{value}} is not valid: {{parameter}} takes a single value, e.g. {{example}}. Put the words that describe the image before the parameters.",
  "check.invalidValue": "{{value}} is not valid: use {{expected}}, e.g. {{example}}.",
  "check.expected.wholeNumber": "a whole number from {{min}} to {{max}}",
  "check.expected.number": "a number from {{min}} to {{max}}",
  "check.expected.oneOf": "one of {{values}}",
  "check.expected.aspectRatio": "whole numbers as width:height",
  "check.expected.quality": "one of .25, .5, 1, 2 or 4",
  "check.attachment": "attachment",
  "check.attachmentUnreadable": "The attachment {{name}} could not be read: try uploading it again.",
  "check.attachmentType":
    "{{name}}{{type}} cannot be used as an image prompt: attach a PNG, JPEG, WebP or GIF image.",
  "check.attachmentTooLarge":
    "{{name}} is {{size}}, which is too large: an image prompt can be at most {{max}}. Attach a smaller image.",
  "check.attachmentTooLargeUnknown":
    "{{name}} is too large: an image prompt can be at most {{max}}. Attach a smaller image.",
  "check.notParameters":
    "{{value}} is not a list of parameters: default parameters start with `--`, e.g. {{example}}. Words belong in each prompt.",
  "imageError.lostDetail": "The image service no longer knows this job (it may have been deleted).",
  // `/imagine-status` (moderators).
  "statusPage.title": "📊 Image service status",
  "statusPage.condition.healthy": "Image service: working",
  "statusPage.condition.degraded": "Image service: working, with errors",
  "statusPage.condition.unreachable": "Image service: cannot be reached",
  "statusPage.condition.unhealthy": "Image service: not working",
  "statusPage.condition.starting": "Image service: starting up",
  "statusPage.condition.paused": "Image service: paused",
  "statusPage.features": "{{ref}} · {{enhance}}",
  "statusPage.refSent": "It tells which request each image belongs to",
  "statusPage.refOmitted": "It does not tell which request an image belongs to (the bot keeps track itself)",
  "statusPage.refUnknown": "Whether it tells which request an image belongs to: not known yet",
  "statusPage.enhanceRoute": "Enhance (larger images) available",
  "statusPage.noEnhanceRoute": "Enhance (larger images) not offered by it",
  "statusPage.enhanceUnknown": "Enhance (larger images): not known yet",
  "statusPage.stalePending":
    "⚠️ Images waiting more than {{minutes}} min to start: {{count}}. The service says it is working, but that may be out of date (its Midjourney account may be down).",
  "statusPage.degraded": "it says it is working, but some requests to it failed in the last few minutes",
  "statusPage.noAnswer": "No answer when last checked {{checked}}",
  "statusPage.latency": "Answers in {{latency}} · checked {{checked}}",
  "statusPage.lastError": "Last problem reaching it {{when}}: {{error}}",
  "statusPage.last24h": "Last 24 hours in this server (DMs not counted)",
  "statusPage.counts": "✅ {{completed}} finished\n❌ {{failed}} failed\n⌛ {{timedOut}} gave up waiting",
  "statusPage.limits": "Limits in force",
  "statusPage.cooldown": "{{duration}} cooldown",
  "statusPage.noCooldown": "no cooldown",
  "statusPage.limitsUser": "Per user: {{active}} at a time, {{cooldown}} (moderators exempt)",
  "statusPage.limitsServer": "Per server: {{active}} at a time",
  "statusPage.limitsPrompt": "Prompts: at most {{max}} characters",
  "statusPage.limitsBanned_one": "Banned words: {{count}} entry",
  "statusPage.limitsBanned_other": "Banned words: {{count}} entries",
  "statusPage.processes": "Bot processes: {{alive}} alive",
  "statusPage.noProcesses": "none seen",
  "statusPage.noShards": "no shards",
  "statusPage.shards": "shards {{shards}}",
  "statusPage.answeredThis": " (answered this)",
  "statusPage.jobs_one": "{{count}} job",
  "statusPage.jobs_other": "{{count}} jobs",
  "statusPage.andMore": "…and {{n}} more",
  "statusPage.started": "started {{when}}",
  "statusPage.inFlightNone": "🖌️ In flight on this server: none",
  "statusPage.inFlightNothing": "Nothing is being generated on this server right now.",
  "statusPage.inFlight": "🖌️ In flight on this server: showing {{from}}-{{to}} of {{total}}",
  "statusPage.page": "Page {{page}} of {{pages}} · oldest first",
  "statusPage.cancel": "Cancel {{n}}",
  "statusPage.failures": "❌ Recent failures",
  "statusPage.failuresSome": "❌ Recent failures: the {{shown}} most recent of {{total}}",
  "statusPage.noFailures": "No recent failures.",
  "statusPage.previous": "Previous",
  "statusPage.refresh": "Refresh",
  "statusPage.next": "Next",
  "statusJob.title": "🔎 Job {{id}}",
  "statusJob.footer": "Image {{id}}",
  "statusJob.images": "**Images**",
  "statusJob.grid": "Grid",
  "statusJob.preview": "Preview",
  "statusJob.notALink": "{{label}}: {{url}} (not a usable link)",
  "statusJob.moreLinks": " · and {{n}} more",
  "statusJob.upscaleOf": "U{{n}} of {{parent}}, enhanced {{factor}}",
  "statusJob.inFlight": "⏳ In flight",
  "statusJob.delivered": ", delivered",
  "statusJob.notDelivered": ", not delivered",
  "statusJob.jump": "Jump to message",
  "statusJob.notKnownYet": "Not known yet",
  "statusJob.where": "in {{place}}, from {{source}}",
  "statusJob.inDm": "a DM",
  "statusJob.inServer": "this server",
  "statusJob.fromDm": "a DM prompt",
  "statusJob.fromCommand": "a command",
  "statusJob.lastSeen": "{{status}} (last seen; the record could not be loaded)",
  "statusJob.field.status": "Status",
  "statusJob.field.progress": "Progress",
  "statusJob.field.outcome": "What the bot did",
  "statusJob.field.message": "Message",
  "statusJob.field.ref": "Request id",
  "statusJob.field.created": "Created by the image service",
  "statusJob.field.upscaleOf": "Upscale of",
  "statusJob.field.error": "Error",
  "help.syntax":
    "**Prompt syntax**: image URLs first, then the text, then parameters.\n> a lighthouse at dusk, oil painting --ar 16:9\n> https://example.com/cat.png a cat as a knight --iw 1.5\n> a misty forest --no people, text --chaos 20 --stylize 300 --v 6",
  "help.parameters": "Parameters: {{parameters}}.",
  "help.unsupported":
    "Permutations `{a, b}`, `--repeat` and video parameters (`--video`, `--motion`, …) are not supported. Speeds (`--fast`, `--turbo`, `--relax`) are limited to those allowed here and that the image server can run.",
  "help.limitsServerTitle": "Your limits in this server",
  "help.limitsDmTitle": "Your limits in DMs",
  "help.moderator": "• As a moderator you have no per-user limit on jobs or cooldown.",
  "help.userActive_one": "• At most {{count}} image at once; you have {{active}} running now.",
  "help.userActive_other": "• At most {{count}} images at once; you have {{active}} running now.",
  "help.cooldown": "• Wait {{cooldown}} between two prompts.",
  "help.noCooldown": "• No wait between prompts.",
  "help.guildActive_one": "• This server runs at most {{count}} image at once; {{active}} running now.",
  "help.guildActive_other": "• This server runs at most {{count}} images at once; {{active}} running now.",
  "help.promptLength": "• Prompts up to {{max}} characters.",
  // /help: what a member can add to a prompt here (styles, speeds).
  "help.styles":
    "**Styles**: `/$t(command.imagine.name) $t(command.imagine.style.name):` adds one of this server's to your prompt: {{names}}.",
  "help.noStyles": "**Styles**: this server has none yet.",
  "help.noStylesModerator":
    "**Styles**: this server has none yet; add them with `/$t(command.imagine-config.name) $t(command.imagine-config.styles.name) $t(command.imagine-config.styles.set.name)`.",
  "help.speeds":
    "**Speeds** you may use here: {{speeds}}. Add one to a prompt, or choose your default with `/$t(command.settings.name) $t(command.settings.speed.name)`.",
  "help.noSpeeds": "**Speeds**: none may be chosen here; prompts run at the image service's own speed.",

  // `/history`.
  "history.empty":
    "You have no images in this server that the bot still remembers. Run `/$t(command.imagine.name)` to make one.",
  "history.emptyEverywhere":
    "You have no images that the bot still remembers. Run `/$t(command.imagine.name)` to make one.",
  "history.title": "🖼️ Your images in this server",
  "history.titleEverywhere": "🖼️ Your images everywhere",
  "history.footer":
    "Page {{page}} · newest first · /$t(command.show.name) $t(command.show.job.name):<id> posts one again",
  "history.inDm": "in DMs",
  "history.inServer": "in a server",
  "history.noMessage": "message unknown",
  "history.jump": "jump to message",
  "history.show": "Show {{n}}",
  "history.newer": "◀ Newer",
  "history.older": "Older ▶",

  // `/quota`.
  "quota.title": "**Your images in this server**",
  "quota.titleDm": "**Your images in DMs**",
  "quota.source.server": "this server's setting",
  "quota.source.role": "your role {{role}}",
  "quota.source.anyRole": "your role",
  "quota.source.owner": "the bot's default",
  "quota.dailyUnlimited_one": "• You started {{count}} image today; there is no daily limit.",
  "quota.dailyUnlimited_other": "• You started {{count}} images today; there is no daily limit.",
  "quota.dailyModerator_one":
    "• You started {{count}} image today; as a moderator the daily limit ({{limit}}) does not apply to you.",
  "quota.dailyModerator_other":
    "• You started {{count}} images today; as a moderator the daily limit ({{limit}}) does not apply to you.",
  "quota.daily_one":
    "• You started {{count}} image today of {{limit}} a day ({{source}}): **{{left}} left**.",
  "quota.daily_other":
    "• You started {{count}} images today of {{limit}} a day ({{source}}): **{{left}} left**.",
  "quota.reset": "• The day's count starts again {{relative}} ({{absolute}}, midnight UTC).",
  "quota.activeModerator_one":
    "• You have {{count}} image being generated; as a moderator you have no limit on jobs at once.",
  "quota.activeModerator_other":
    "• You have {{count}} images being generated; as a moderator you have no limit on jobs at once.",
  "quota.active_one":
    "• You have {{count}} image being generated, of at most {{limit}} at once ({{source}}).",
  "quota.active_other":
    "• You have {{count}} images being generated, of at most {{limit}} at once ({{source}}).",
  "quota.noCooldown": "• No wait between images.",
  "quota.cooldownNow": "• Wait {{wait}} between images ({{source}}): you can start one now.",
  "quota.cooldownNext": "• Wait {{wait}} between images ({{source}}): you can start the next one {{when}}.",
  "quota.soon": "soon",

  // `/imagine-config` (moderators): the command, its options and choices, and its answers.
  "command.imagine-config.name": "imagine-config",
  "command.imagine-config.description":
    "This server's image settings: limits, banned words, channels, defaults (moderators)",
  "command.imagine-config.show.name": "show",
  "command.imagine-config.show.description": "Every setting in force here, and where it comes from",
  "command.imagine-config.limits.name": "limits",
  "command.imagine-config.limits.description": "Limits for every member and for the server",
  "command.imagine-config.limits.set.name": "set",
  "command.imagine-config.limits.set.description": "Set limits (the others stay)",
  "command.imagine-config.limits.set.per_user_active.name": "per_user_active",
  "command.imagine-config.limits.set.per_user_active.description": "Jobs one member may have running at once",
  "command.imagine-config.limits.set.cooldown_seconds.name": "cooldown_seconds",
  "command.imagine-config.limits.set.cooldown_seconds.description":
    "Seconds between a member's prompts (0: none)",
  "command.imagine-config.limits.set.daily_images.name": "daily_images",
  "command.imagine-config.limits.set.daily_images.description": "Images one member may start per day (UTC)",
  "command.imagine-config.limits.set.server_active.name": "server_active",
  "command.imagine-config.limits.set.server_active.description":
    "Jobs the whole server may have running at once",
  "command.imagine-config.limits.clear.name": "clear",
  "command.imagine-config.limits.clear.description": "Back to the owner's default",
  "command.imagine-config.limits.clear.limit.name": "limit",
  "command.imagine-config.limits.clear.limit.description": "Which limit (default: all)",
  "command.imagine-config.limits.clear.limit.choice.per_user_active":
    "Jobs one member may have running at once",
  "command.imagine-config.limits.clear.limit.choice.cooldown_seconds":
    "Seconds between a member's prompts (0: none)",
  "command.imagine-config.limits.clear.limit.choice.daily_images":
    "Images one member may start per day (UTC)",
  "command.imagine-config.limits.clear.limit.choice.server_active":
    "Jobs the whole server may have running at once",
  "command.imagine-config.role-limits.name": "role-limits",
  "command.imagine-config.role-limits.description":
    "A role's own member limits (the most generous of a member's roles applies)",
  "command.imagine-config.role-limits.set.name": "set",
  "command.imagine-config.role-limits.set.description": "Set a role's limits",
  "command.imagine-config.role-limits.set.role.name": "role",
  "command.imagine-config.role-limits.set.role.description": "The role",
  "command.imagine-config.role-limits.set.per_user_active.name": "per_user_active",
  "command.imagine-config.role-limits.set.per_user_active.description":
    "Jobs one member may have running at once",
  "command.imagine-config.role-limits.set.cooldown_seconds.name": "cooldown_seconds",
  "command.imagine-config.role-limits.set.cooldown_seconds.description":
    "Seconds between a member's prompts (0: none)",
  "command.imagine-config.role-limits.set.daily_images.name": "daily_images",
  "command.imagine-config.role-limits.set.daily_images.description":
    "Images one member may start per day (UTC)",
  "command.imagine-config.role-limits.clear.name": "clear",
  "command.imagine-config.role-limits.clear.description": "Remove a role's limits",
  "command.imagine-config.role-limits.clear.role.name": "role",
  "command.imagine-config.role-limits.clear.role.description": "The role",
  "command.imagine-config.banned-words.name": "banned-words",
  "command.imagine-config.banned-words.description":
    "Words refused in prompts here (the owner's list always applies too)",
  "command.imagine-config.banned-words.add.name": "add",
  "command.imagine-config.banned-words.add.description": "Ban words or phrases",
  "command.imagine-config.banned-words.add.words.name": "words",
  "command.imagine-config.banned-words.add.words.description": "Comma-separated, e.g. gore, dark magic",
  "command.imagine-config.banned-words.remove.name": "remove",
  "command.imagine-config.banned-words.remove.description": "Allow banned words again",
  "command.imagine-config.banned-words.remove.words.name": "words",
  "command.imagine-config.banned-words.remove.words.description": "Comma-separated",
  "command.imagine-config.banned-words.list.name": "list",
  "command.imagine-config.banned-words.list.description": "This server's banned words",
  "command.imagine-config.audit-channel.name": "audit-channel",
  "command.imagine-config.audit-channel.description":
    "Where submissions, refusals, outcomes and setting changes are posted",
  "command.imagine-config.audit-channel.set.name": "set",
  "command.imagine-config.audit-channel.set.description": "Post them in a channel",
  "command.imagine-config.audit-channel.set.channel.name": "channel",
  "command.imagine-config.audit-channel.set.channel.description": "A text channel",
  "command.imagine-config.audit-channel.clear.name": "clear",
  "command.imagine-config.audit-channel.clear.description": "Back to the owner's audit channel, if any",
  "command.imagine-config.channels.name": "channels",
  "command.imagine-config.channels.description": "Choose the channels /imagine may be used in",
  "command.imagine-config.age-restricted-only.name": "age-restricted-only",
  "command.imagine-config.age-restricted-only.description":
    "Prompts and results only in age-restricted channels",
  "command.imagine-config.age-restricted-only.enabled.name": "enabled",
  "command.imagine-config.age-restricted-only.enabled.description": "On or off",
  "command.imagine-config.default-parameters.name": "default-parameters",
  "command.imagine-config.default-parameters.description":
    "Parameters added to every prompt here, unless the prompt sets them",
  "command.imagine-config.default-parameters.set.name": "set",
  "command.imagine-config.default-parameters.set.description": "e.g. --v 7 --stylize 100",
  "command.imagine-config.default-parameters.set.parameters.name": "parameters",
  "command.imagine-config.default-parameters.set.parameters.description": "Parameters only, e.g. --v 7",
  "command.imagine-config.default-parameters.clear.name": "clear",
  "command.imagine-config.default-parameters.clear.description": "No default parameters",
  "command.imagine-config.enhance.name": "enhance",
  "command.imagine-config.enhance.description": "Whether Enhance buttons are offered under single images",
  "command.imagine-config.enhance.enabled.name": "enabled",
  "command.imagine-config.enhance.enabled.description": "On or off",
  "command.imagine-config.reset.name": "reset",
  "command.imagine-config.reset.description": "Remove every setting of this server (asks first)",
  "setting.userMaxActive": "Jobs at once per member",
  "setting.userCooldownMs": "Cooldown between a member's prompts",
  "setting.userDailyImages": "Images per member per day",
  "setting.guildMaxActive": "Jobs at once in this server",
  "setting.bannedWords": "Banned words",
  "setting.auditChannel": "Audit channel",
  "setting.allowedChannels": "Channels for /$t(command.imagine.name)",
  "setting.ageRestrictedOnly": "Age-restricted channels only",
  "setting.defaultParameters": "Default parameters",
  "setting.enhance": "Enhance buttons",
  "setting.suffix": "Suffix",
  "setting.aspectRatio": "Default aspect ratio",
  "setting.delivery": "Result delivery",
  "setting.language": "Language",
  "setting.on": "on",
  "setting.off": "off",
  "setting.none": "none",
  "setting.notSet": "not set",
  "setting.byDm": "by DM",
  "setting.inChannel": "in the channel",
  "setting.noLimit": "no limit",
  "setting.allChannels": "all",
  "setting.source.server": "this server",
  "setting.source.role": "role",
  "setting.source.owner": "owner's default",
  "config.show.title": "Settings in force in this server",
  "config.show.bannedWords": "{{server}} of this server's",
  "config.show.bannedWordsOwner": "{{server}} of this server's (+ the owner's {{owner}}, always)",
  "config.show.noRoles":
    "No role overrides. `/$t(command.imagine-config.name) $t(command.imagine-config.role-limits.name) $t(command.imagine-config.role-limits.set.name)` gives a role its own limits (the most generous of a member's roles applies).",
  "config.show.roles": "**Role overrides** (the most generous of a member's roles applies):",
  "config.show.footer": "Moderators are exempt from the per-member limits.",
  "config.channels.placeholder": "Channels where /$t(command.imagine.name) may be used (none: all)",
  "config.channels.all":
    "`/$t(command.imagine.name)` may be used in every channel now. Choose the channels it may be used in:",
  "config.channels.some":
    "`/$t(command.imagine.name)` may be used in {{channels}} now. Choose the channels (none: all):",
  "config.reset.button": "Reset all settings",
  "config.reset.title": "Reset this server's settings?",
  "config.reset.nothing": "This server has no settings of its own: the owner's defaults are in force.",
  "config.reset.all": "All of these go back to the owner's defaults.",
  "config.otherServer": "This menu belongs to another server's settings.",
  "config.limitsMissing": "Give at least one limit to set: {{options}}.",
  "config.enhanceUnavailable":
    "Enhance cannot be turned on here: the bot's owner offers no Enhance factors (`ENHANCE_FACTORS`).",
  "config.bannedWords.title": "Banned words of this server",
  "config.bannedWords.midjourney_one":
    "Midjourney's starter list ({{count}} word it has refused) is checked after these; the bot's owner can turn it off (`MIDJOURNEY_BANNED_WORDS=off`).",
  "config.bannedWords.midjourney_other":
    "Midjourney's starter list ({{count}} words it has refused) is checked after these; the bot's owner can turn it off (`MIDJOURNEY_BANNED_WORDS=off`).",
  "config.bannedWords.midjourneyOff":
    "Midjourney's starter list of refused words is off: the bot's owner set `MIDJOURNEY_BANNED_WORDS=off`.",
  "config.bannedWords.none": "This server has no banned words of its own.",
  "config.bannedWords.ownerNone": "The bot's owner banned no words for every server.",
  "config.bannedWords.owner_one":
    "The bot's owner's list ({{count}} word) always applies too, on top of these.",
  "config.bannedWords.owner_other":
    "The bot's owner's list ({{count}} words) always applies too, on top of these.",
  "settings.changed.title": "Settings changed",
  "settings.changed.nothing": "Nothing changed: that is already the setting.",
  "settings.changed.server": "In force for this server from now on.",
  "settings.changed.member": "Used from your next prompt on.",
  "settings.show.title": "Your settings",
  "settings.show.unset": "{{notSet}} ({{fallback}})",
  "settings.show.defaultSuffix": "none",
  "settings.show.defaultAspectRatio": "the prompt's, else 1:1",
  "settings.show.defaultDelivery": "in the channel",
  "settings.show.defaultLanguage": "your Discord language",
  "settings.show.note":
    "They apply wherever you use the bot (servers and DMs). A prompt's own parameters win over them.",
  // Issue 32: the Midjourney account's safety, speeds, what the server can run.
  "accountSafety.bannedWordsDm":
    "Your prompt was refused: {{word}} is on this bot's list of banned words. Please rephrase it.",
  "accountSafety.bannedMidjourney":
    "Your prompt was refused: {{word}} is on the starter list of words Midjourney refuses, and sending it could get the image service's account suspended. Please rephrase it.",
  "accountSafety.video":
    "{{parameter}} asks Midjourney for a video, which the image service cannot return: only still images can be made here. Remove it and its value.",
  "accountSafety.videoFlag":
    "{{parameter}} asks Midjourney for a video, which the image service cannot return: only still images can be made here. Remove it.",
  "imageError.relaxed.summary":
    "The image service's Midjourney account is in relax mode, which this image server cannot follow, so no image was made.",
  "imageError.relaxed.hint": "The bot's owner has been told what to switch. Please try again later.",
  "accountSafety.speedServer":
    "{{parameter}} can't be used: this bot's image server cannot follow that speed (its jobs fail there). Speeds you can use: {{speeds}}.",
  "accountSafety.speedRole":
    "{{parameter}} is not allowed for your roles in this server. Speeds you can use: {{speeds}}.",
  "accountSafety.outOfDate.summary":
    "This image server can no longer drive Midjourney: its last jobs all failed the same way while it reports itself healthy. Its ImagineAPI probably needs updating (Midjourney changed its `/imagine` command).",
  "accountSafety.outOfDate.hint":
    "The bot's owner has been told. Trying again won't help until the server is updated.",
  "accountSafety.outOfDate.status":
    "This server's ImagineAPI probably needs updating: its last {{count}} jobs failed one after another ({{errors}}) while its status says healthy, as happens when Midjourney changes its `/imagine` command. Named so {{since}}.",
  "accountSafety.paused_one":
    "You can't make images here until {{until}} ({{when}}): Midjourney refused {{count}} of your prompts within 24 hours, and more refusals could get the image service's account suspended. A moderator can lift the pause.",
  "accountSafety.paused_other":
    "You can't make images here until {{until}} ({{when}}): Midjourney refused {{count}} of your prompts within 24 hours, and more refusals could get the image service's account suspended. A moderator can lift the pause.",
  "accountSafety.pausedList.title": "Paused members",
  "accountSafety.pausedList.none": "No member is paused in this server.",
  "accountSafety.pausedList.entry": "{{user}}: until {{until}} · Midjourney's refusals: {{refusals}}",
  "accountSafety.pausedList.rule":
    "Rule: {{threshold}} of Midjourney's refusals within 24 h pause a member here for {{hours}} h. Lift a pause with `/$t(command.imagine-config.name) paused lift`.",
  "accountSafety.pausedList.off": "Pauses are off: the bot's owner set `MIDJOURNEY_REFUSALS_TO_PAUSE=0`.",
  "accountSafety.lifted": "The pause of {{user}} is lifted: they can make images again.",
  "accountSafety.notPaused": "{{user}} is not paused in this server.",
  "command.imagine-config.paused.name": "paused",
  "command.imagine-config.paused.description": "Members paused after Midjourney refused their prompts",
  "command.imagine-config.paused.list.name": "list",
  "command.imagine-config.paused.list.description": "Show the paused members",
  "command.imagine-config.paused.lift.name": "lift",
  "command.imagine-config.paused.lift.description": "Lift a member's pause",
  "command.imagine-config.paused.lift.member.name": "member",
  "command.imagine-config.paused.lift.member.description": "The paused member",
  "accountSafety.speedNone": "{{parameter}} can't be used: your roles in this server may use no speed.",
  "accountSafety.speedUnknown": "{{value}} is not a speed: give fast, turbo or relax, separated by commas.",
  "accountSafety.speedCannotRun":
    "This bot's image server cannot run {{speed}}. Speeds it can run: {{speeds}}.",
  "setting.speed": "Speed",
  "setting.speeds": "Speeds allowed",
  "settings.show.defaultSpeed": "the server's, else the account's own",
  "command.imagine-config.speeds.name": "speeds",
  "command.imagine-config.speeds.description": "The default speed here, and the speeds members may use",
  "command.imagine-config.speeds.default.name": "default",
  "command.imagine-config.speeds.default.description":
    "Used when a prompt names no speed (account: the Midjourney account's own mode)",
  "command.imagine-config.speeds.allowed.name": "allowed",
  "command.imagine-config.speeds.allowed.description":
    "Speeds members may use, comma-separated, e.g. fast, relax",
  "command.imagine-config.role-speeds.name": "role-speeds",
  "command.imagine-config.role-speeds.description": "Speeds the members of a role may use",
  "command.imagine-config.role-speeds.set.name": "set",
  "command.imagine-config.role-speeds.set.description": "Set the speeds of a role",
  "command.imagine-config.role-speeds.set.role.name": "role",
  "command.imagine-config.role-speeds.set.role.description": "The role",
  "command.imagine-config.role-speeds.set.speeds.name": "speeds",
  "command.imagine-config.role-speeds.set.speeds.description": "Comma-separated, e.g. fast, turbo",
  "command.imagine-config.role-speeds.clear.name": "clear",
  "command.imagine-config.role-speeds.clear.description": "Remove a role's own speeds",
  "command.imagine-config.role-speeds.clear.role.name": "role",
  "command.imagine-config.role-speeds.clear.role.description": "The role",
  "command.settings.speed.name": "speed",
  "command.settings.speed.description": "The speed of your prompts that name none, where allowed",
  "command.settings.speed.speed.name": "speed",
  "command.settings.speed.speed.description": "fast, turbo or relax; leave empty for the server's",
  "command.imagine-config.speeds.default.choice.fast": "fast",
  "command.imagine-config.speeds.default.choice.turbo": "turbo",
  "command.imagine-config.speeds.default.choice.relax": "relax",
  "command.imagine-config.speeds.default.choice.account": "the account's own mode",
  "command.settings.speed.speed.choice.fast": "fast",
  "command.settings.speed.speed.choice.turbo": "turbo",
  "command.settings.speed.speed.choice.relax": "relax",
  // Result tools: 🖌️ Remix, 🔁 More like this, 📋 Prompt, 🗑️ Delete.
  "tool.remix": "Remix",
  "tool.more": "More like this",
  "tool.prompt": "Prompt",
  "tool.delete": "Delete",
  "promptTool.heading": "The exact prompt sent for job `{{id}}`, ready to copy:",
  "promptTool.unknown":
    "The bot no longer keeps the prompt of this job: finished jobs are removed after a while.",
  "delete.notAllowed":
    "Only the person this image was posted for, or a moderator who may manage messages, can delete it.",
  "delete.done": "Deleted the message of job `{{id}}`. `/$t(command.history.name)` still lists the job.",
  // 🗑️ Delete asks first, privately.
  "delete.question":
    "Delete this image (job `{{id}}`) for everyone? A deleted message cannot be brought back.",
  "delete.yes": "Delete",
  "delete.no": "Keep",
  "delete.kept": "Kept: nothing was deleted.",
  "delete.gone": "That message was already deleted.",
  "delete.failed":
    "The bot could not delete that message: it may have lost access to this channel. Try again later.",
  "posted.deleted": "{{name}} was posted, then deleted.",
  "remix.notYours": "Only the person this image was posted for can remix it.",
  "remix.title": "Remix: edit the prompt",
  "remix.label": "Prompt",
  "more.notYours": "Only the person this image was posted for (or a moderator) can ask for more like it.",
  "more.started": "More like this image was just started.",
  "origin.remix": "Remix of",
  "origin.more": "More like",
  "origin.job": "job `{{id}}`",
  "help.tools":
    "Under each result: **🖌️ Remix** (yours: edit the prompt and go again), **📋 Prompt** (the exact prompt sent, suffix and defaults included, to copy), **🗑️ Delete** (yours; moderators who may manage messages, any). Under a single image also **🔁 More like this**: a new grid with that image as the image prompt plus the same words. It is not Midjourney's variation (V1–V4), which reworks the image itself: the image service has no variation, so this is a new job guided by the image.",
  "help.toolsTitle": "Buttons under your images",
  // /help's command list, built from the command registry (commands/help/help.ts).
  "helpList.heading": "Commands",
  "helpList.moderators": "**For moderators**",
  "helpList.command": "• `{{usage}}`: {{description}}",
  "helpList.dmPrompt":
    "• In a DM, send me a prompt (with images attached if you like); send `help` for this message.",
  // Issue 32, review 1: pauses told in DMs or naming their server; speeds kept out of default parameters.
  "accountSafety.pausedDm_one":
    "You can't make images in DMs with this bot until {{until}} ({{when}}): Midjourney refused {{count}} of your prompts there within 24 hours, and more refusals could get the image service's account suspended. The pause ends by itself; nobody can lift it sooner.",
  "accountSafety.pausedDm_other":
    "You can't make images in DMs with this bot until {{until}} ({{when}}): Midjourney refused {{count}} of your prompts there within 24 hours, and more refusals could get the image service's account suspended. The pause ends by itself; nobody can lift it sooner.",
  "accountSafety.pausedIn_one":
    "You can't make images in {{server}} until {{until}} ({{when}}): Midjourney refused {{count}} of your prompts there within 24 hours, and more refusals could get the image service's account suspended. A moderator there can lift the pause.",
  "accountSafety.pausedIn_other":
    "You can't make images in {{server}} until {{until}} ({{when}}): Midjourney refused {{count}} of your prompts there within 24 hours, and more refusals could get the image service's account suspended. A moderator there can lift the pause.",
  "accountSafety.pausedThatServer": "the server where you asked",
  "check.speedInDefaults":
    "{{parameter}} can't be a default parameter: choose the default speed and the allowed ones with {{command}}.",
  "accountSafety.speedDefaultNotAllowed":
    "{{speed}} can't be the default speed: it is not among the speeds allowed here ({{speeds}}).",
  "pool.placeInLine":
    "Every image server is busy: your job waits in the bot's line, number {{place}}, and starts when a server is free.",
  "pool.serversTitle_one": "Image servers ({{count}} job waiting in the bot's line)",
  "pool.serversTitle_other": "Image servers ({{count}} jobs waiting in the bot's line)",
  "pool.slots": "{{inUse}} of {{slots}} slots busy",
  "pool.enhance": "Enhance",
  "pool.backingOff": "resting after failed requests",
  // /imagine-status when it would not fit Discord's limits with every server's last error.
  "pool.detailsLeftOut": "_Each server's last error is left out to fit; the bot's log has them._",
  "pool.lastError": "last error {{when}}: {{error}}",
  "pool.failedToStart": "The image service did not take this job when its turn came: {{reason}}",
  // Issue 31q: a waiting job whose create may have been sent just before the bot restarted (an image error kind).
  "imageError.not-started.summary":
    "This job may not have been started: the bot restarted just as it was being sent to an image server, and no server could tell whether it arrived.",
  "imageError.not-started.hint":
    "Sending it again could make it twice, so the bot did not, and it still counts toward your daily images. Start it again if you still want it.",
  // A waiting job as members and moderators see it, and its end when no server was free in time.
  "pool.waiting.status": "⏳ Waiting, number {{place}} in line",
  "pool.waiting.statusElsewhere": "⏳ Waiting in line",
  "pool.waiting.title": "⌛ No image server was free for {{waited}}",
  "pool.waiting.description":
    "Every image server stayed busy or unavailable while this job waited in the bot's line, so the bot stopped waiting. Nothing was sent, and it does not count toward your daily images. Try again in a few minutes with the button below or with `/$t(command.imagine.name)`.",
  "pool.waiting.content": "{{mention}} no image server was free for your image.",
  "poolSpeed.placeInLine":
    "Your job asks for `--{{speed}}`, and the image servers that run it are busy: it waits in the bot's line, number {{place}}, and starts when one of them is free.",
  // Issue 31d: a waiting job when no image server takes jobs at all (every one down), as members and moderators see it.
  "poolDown.placeInLine":
    "No image server is reachable right now: your job waits in the bot's line, number {{place}}, and starts when a server is back.",
  "poolDown.status": "⏳ Waiting, number {{place}} in line: no image server is reachable",
  "poolDown.statusElsewhere": "⏳ Waiting in line: no image server is reachable",
  // Issue 31 (review 2): the waiting message as its own view, wait limits of jobs some servers run, errors moderators read.
  "poolWait.title": "⏳ Waiting in line",
  "poolWait.gridServer":
    "An Enhance runs on the image server that holds its grid, and that server is busy: it waits in the bot's line, number {{place}}, and starts when that server is free.",
  "poolWait.expiredTitle": "⌛ No image server that can run this job was free for {{waited}}",
  "poolWait.expiredDescription":
    "This job can run only on some of the image servers (those that run the speed it asks for, or the one holding its grid), and they stayed busy or unavailable while it waited in the bot's line, so the bot stopped waiting. Nothing was sent, and it does not count toward your daily images. Try again in a few minutes with the button below or with `/$t(command.imagine.name)`.",
  "imageError.notStartedDetail": "Not started: the bot restarted as this job was being sent",
  "imageError.waitExpiredDetail": "Not started: no image server was free within the wait limit",
  "imageError.wait-expired.summary":
    "This job waited in the bot's line for its whole time limit without a free image server: nothing was sent.",
  "imageError.wait-expired.hint":
    "If this happens often, the image servers need more slots, or one of them is stuck.",
  "poolWait.endedInLine": "⌛ Ended in the bot's line: never sent to an image server",

  // `/imagine-status` in plain words: the image service's own report, quoted as its own.
  "statusPage.condition.unknown": "Image service: not checked yet",
  "statusPage.conditionOther": "Image service: reports “{{condition}}”",
  "statusPage.serviceSays": "The image service's own report on its Midjourney account: “{{message}}”",

  // Styles: `/imagine style:` and `/imagine-config styles`.
  "command.imagine.style.name": "style",
  "command.imagine.style.description": "A style this server's moderators named, added to your prompt",
  "command.imagine-config.styles.name": "styles",
  "command.imagine-config.styles.description": "Named styles members can add to their prompts",
  "command.imagine-config.styles.set.name": "set",
  "command.imagine-config.styles.set.description": "Add a style, or change the text of one",
  "command.imagine-config.styles.set.name.name": "name",
  "command.imagine-config.styles.set.name.description": "What members pick, e.g. watercolour",
  "command.imagine-config.styles.set.text.name": "text",
  "command.imagine-config.styles.set.text.description":
    "Added to the prompt, e.g. soft watercolour, paper texture --stylize 250",
  "command.imagine-config.styles.remove.name": "remove",
  "command.imagine-config.styles.remove.description": "Remove a style",
  "command.imagine-config.styles.remove.name.name": "name",
  "command.imagine-config.styles.remove.name.description": "The style to remove",
  "command.imagine-config.styles.list.name": "list",
  "command.imagine-config.styles.list.description": "This server's styles and their texts",
  "field.style": "Style",
  "setting.style": "Style “{{name}}”",
  "setting.styles": "Styles",
  "styles.list.title": "Styles of this server",
  "styles.list.none":
    "This server has no styles yet. Add one with `/$t(command.imagine-config.name) $t(command.imagine-config.styles.name) $t(command.imagine-config.styles.set.name)`.",
  "styles.list.footer": "Members pick one with /imagine's style option; its text is added to their prompt.",
  "styles.full": "This server already has {{count}} styles, the most Discord can suggest. Remove one first.",
  "styles.empty": "A style needs a name and a text.",
  "styles.unknownToRemove": "This server has no style named “{{name}}”.",
  "styles.noneInDms": "Styles belong to a server: in DMs there are none. Send your prompt without a style.",
  "styles.unknown": "This server has no style named {{name}} (any more). Its styles: {{names}}.",
  "styles.unknownNoStyles": "This server has no style named {{name}}: it has no styles at the moment.",
  // Account health in the pool: a server's Midjourney account held after a notice, paced, and shown per server.
  "imageError.account.summary":
    "The image server this job went to could not run it: Midjourney sent a notice about that server's account, not about your prompt.",
  "imageError.account.hint":
    "It does not count against you, and the bot's owner has been told. Try again in a while.",
  "accountHealth.waitAgain":
    "The image server this job went to can't take work right now (its account needs the owner's attention; your prompt is fine): the job waits in the bot's line, number {{place}}, and is made on another server when one is free.",
  "accountHealth.waitPaced":
    "The image servers are resting or have made today's share of images: your job waits in the bot's line, number {{place}}, and a server takes jobs again {{until}}.",
  "accountHealth.headline": "{{working}} of {{total}} image servers working",
  "accountHealth.state.working": "working",
  "accountHealth.state.resting": "resting until {{until}}",
  "accountHealth.state.budget": "today's share used until {{until}}",
  "accountHealth.state.gap": "pausing between jobs",
  "accountHealth.state.held": "held until a moderator resumes it: {{why}}",
  "accountHealth.state.heldUntil": "held until {{until}}: {{why}}",
  "accountHealth.state.notAnswering": "not answering since {{since}}",
  "accountHealth.state.notChecked": "not checked yet",
  "accountHealth.state.outOfDate": "out of date",
  "accountHealth.state.unhealthy": "not working, its service says: {{message}}",
  "accountHealth.state.unhealthyNoMessage": "not working",
  "accountHealth.state.starting": "starting",
  "accountHealth.state.paused": "paused by its owner",
  "accountHealth.state.backingOff": "resting after failed requests",
  "accountHealth.why.blocked": "Midjourney blocked its account",
  "accountHealth.why.pending-moderation": "its account has a Midjourney moderation message to acknowledge",
  "accountHealth.why.suspicious-activity": "Midjourney blocked its account for suspicious activity",
  "accountHealth.why.no-subscription": "its account has no active Midjourney subscription",
  "accountHealth.why.credits": "its account's Midjourney credits are used up",
  "accountHealth.today": "{{creates}} of {{limit}} images today",
  "accountHealth.resume": "Resume {{server}}",
  "accountHealth.resumed":
    "{{server}} takes jobs again. If its account's notice was not dealt with in Midjourney's Discord, the next job there holds it again.",
  "accountHealth.notHeld": "{{server}} is not held: nothing to resume.",
  "accountHealth.unknownServer": "No image server is named {{server}} (any more).",
  "accountHealth.jobOn": "on {{server}}",
  "accountHealth.timedOut": "The bot stopped waiting for this job: it timed out.",
  "accountHealth.error.unauthorized": "the bot's token was refused",
  "accountHealth.error.forbidden": "access was refused",
  "accountHealth.error.validation": "it refused a request",
  "accountHealth.error.rate-limited": "too many requests",
  "accountHealth.error.quota": "its image quota is used up",
  "accountHealth.error.server": "it answered with an error",
  "accountHealth.error.not-json": "something in front of it answered instead",
  "accountHealth.error.invalid-response": "it answered something the bot cannot read",
  "accountHealth.error.network": "no connection",
  "accountHealth.error.timeout": "timed out",
  "accountHealth.error.other": "a request failed",
} as const;

/** Japanese (日本語). Keys and placeholders as in `en.ts`; a missing key shows the English text. */
import type { Translations } from "../translate.js";

export const ja: Translations = {
  "command.imagine.name": "画像生成",
  "command.imagine.description": "テキストのプロンプトから画像を作成します",
  "command.imagine.prompt.name": "プロンプト",
  "command.imagine.prompt.description": "描くもの。Midjourney のパラメーターも使えます（例: --ar 16:9）",
  "command.imagine.image.name": "画像",
  "command.imagine.image.description": "元にする画像（PNG、JPEG、WebP、GIF）",
  "command.blend.name": "ブレンド",
  "command.blend.description": "2〜5 枚の画像を混ぜて新しい画像を作ります",
  "command.blend.image1.name": "画像1",
  "command.blend.image1.description": "画像 1（PNG、JPEG、WebP、GIF）",
  "command.blend.image2.name": "画像2",
  "command.blend.image2.description": "画像 2（PNG、JPEG、WebP、GIF）",
  "command.blend.image3.name": "画像3",
  "command.blend.image3.description": "画像 3（PNG、JPEG、WebP、GIF）",
  "command.blend.image4.name": "画像4",
  "command.blend.image4.description": "画像 4（PNG、JPEG、WebP、GIF）",
  "command.blend.image5.name": "画像5",
  "command.blend.image5.description": "画像 5（PNG、JPEG、WebP、GIF）",
  "command.blend.prompt.name": "プロンプト",
  "command.blend.prompt.description": "画像の後に続く任意の言葉（とパラメーター）",
  "command.blend.aspect.name": "縦横比",
  "command.blend.aspect.description": "結果の縦横比（--ar）",
  "command.blend.aspect.choice.1:1": "正方形（1:1）",
  "command.blend.aspect.choice.2:3": "縦長（2:3）",
  "command.blend.aspect.choice.3:2": "横長（3:2）",
  "command.blend.aspect.choice.9:16": "縦長・細（9:16）",
  "command.blend.aspect.choice.16:9": "ワイド（16:9）",
  "command.imagine-status.name": "生成状況",
  "command.imagine-status.description":
    "画像サービスの状態、このサーバーのジョブ、最近の失敗と制限（モデレーター用）",
  "command.imagine-status.job.name": "ジョブ",
  "command.imagine-status.job.description": "ジョブ ID、またはそれを開始したインタラクション ID（ref）",
  "command.help.name": "ヘルプ",
  "command.help.description": "このボットでできること、コマンド、プロンプトの書き方とあなたの制限",
  "command.history.name": "履歴",
  "command.history.description": "最近の画像: プロンプト、結果、日時、それぞれへのリンク",
  "command.show.name": "表示",
  "command.show.description": "完成した画像をボタン付きでもう一度投稿します",
  "command.show.job.name": "ジョブ",
  "command.show.job.description": "ジョブ ID（/履歴 を参照）、またはそれを開始したインタラクション ID（ref）",

  "command.quota.name": "残り枠",
  "command.quota.description": "今日の残り: 画像数、同時ジョブ数、次を始められる時刻",
  "command.settings.name": "設定",
  "command.settings.description": "あなたの設定: プロンプトの末尾、縦横比、結果の届け先、言語",
  "command.settings.show.name": "表示",
  "command.settings.show.description": "あなたの設定を表示します",
  "command.settings.suffix.name": "末尾",
  "command.settings.suffix.description": "すべてのプロンプトの末尾に付ける言葉やパラメーター（空欄で削除）",
  "command.settings.suffix.text.name": "テキスト",
  "command.settings.suffix.text.description": "例: --ar 16:9 --v 6、または: 油絵",
  "command.settings.aspect-ratio.name": "縦横比",
  "command.settings.aspect-ratio.description": "プロンプトで指定がないときの縦横比（空欄で既定の 1:1）",
  "command.settings.aspect-ratio.ratio.name": "比率",
  "command.settings.aspect-ratio.ratio.description": "幅:高さ（例: 16:9）",
  "command.settings.delivery.name": "届け先",
  "command.settings.delivery.description": "完成した画像を投稿する場所",
  "command.settings.delivery.where.name": "場所",
  "command.settings.delivery.where.description": "依頼したチャンネル、または DM",
  "command.settings.delivery.where.choice.channel": "チャンネル",
  "command.settings.delivery.where.choice.dm": "DM",
  "command.settings.language.name": "言語",
  "command.settings.language.description": "ボットが答える言語（空欄で Discord の言語）",
  "command.settings.language.language.name": "言語",
  "command.settings.language.language.description": "ボットの言語のひとつ",
  "command.settings.reset.name": "リセット",
  "command.settings.reset.description": "設定をすべて削除します",
  "help.quota":
    "• `/$t(command.quota.name)`: 今日の残り（画像、同時ジョブ、待ち時間）と、それがリセットされる時刻。",
  "duration.hours_other": "{{count}} 時間",
  "duration.minutes_other": "{{count}} 分",
  "duration.seconds_other": "{{count}} 秒",
  "elapsed.hours": "{{n}} 時間",
  "elapsed.minutes": "{{n}} 分",
  "elapsed.seconds": "{{n}} 秒",
  "status.pending": "⏳ 順番待ち",
  "status.in-progress": "🖌️ 生成中",
  "status.completed": "✅ 仕上げ中",
  "status.failed": "❌ 失敗",
  "status.other": "⏳ 待機中（{{status}}）",

  "prompt.heading": "**プロンプト**",
  "prompt.empty": "*（空のプロンプト）*",
  "job.footer": "ジョブ {{id}}",
  "field.requestedBy": "依頼者",
  "field.requested": "依頼日時",
  "field.started": "開始",
  "field.finished": "完了",
  "field.finishedIn": "{{elapsed}} で完了",
  "field.aspectRatio": "縦横比",
  "button.cancel": "キャンセル",
  "button.tryAgain": "もう一度",

  "progress.submitting": "🎨 プロンプトを送信しています…",
  "progress.pending":
    "ジェネレーターがジョブを開始するのを待っています。混雑時は時間がかかることがあります。",
  "progress.started": "ジェネレーターが画像の作成を始めました。",
  "progress.drawing": "ジェネレーターが画像を描いています。プレビューは進むにつれて鮮明になります。",
  "progress.completed": "画像が完成し、まもなく届きます。",
  "progress.failed": "ジョブは失敗しました。",
  "progress.other": "サービスはジョブを「{{status}}」と報告しています。開始を待っています。",
  "progress.serviceUnanswering":
    "⚠️ 画像サービスが現在応答していません。ボットは再試行を続け、応答があり次第このメッセージを更新します。",

  "result.title": "✅ 画像ができました",
  "result.content": "{{mention}} 画像ができました。",
  "result.note": "**U1–U4** で 1 枚ずつ取り出し、🔄 で同じプロンプトをもう一度実行できます。",
  "result.noteNoImage":
    "⚠️ ここでは画像を表示できません。**U1–U4** で 1 枚ずつ取り出すか、🔄 でもう一度試してください。",
  "result.pointerBelow": "⤵️ 結果は下に投稿されました。",
  "result.pointer": "⤵️ 結果はこちら: {{link}}",
  "upscale.title": "🖼️ 画像 {{name}}",
  "upscale.content": "{{mention}} 画像 {{name}} です。",
  "upscale.unavailable": "画像 {{name}} は利用できません",
  "upscale.thisUnavailable": "この画像は利用できません",
  "upscale.notReturned":
    "画像サービスがこの画像を返しませんでした。グリッドの 🔄 でプロンプトをもう一度実行してください。",
  "upscale.notShown": "ここではこの画像を表示できません。少ししてからもう一度ボタンを押してください。",
  "enhance.creditNote":
    "**高画質化** はこの画像の大きなコピーを作ります。1 回ごとに画像サービスのクレジットを使います。",
  "enhance.button": "高画質化 {{factor}}（クレジット消費）",
  "enhance.tryAgain": "もう一度（クレジット消費）",
  "enhance.title": "🔍 画像 {{name}} を {{factor}} に高画質化",
  "enhance.content": "{{mention}} 高画質化した画像 {{name}} {{factor}} ができました。",
  "enhance.notShown": "⚠️ ここでは高画質化した画像を表示できません。",

  "failure.title": "❌ 画像を作成できませんでした",
  "failure.content": "{{mention}} 画像を作成できませんでした。",
  "failure.serviceSaid": "サービスからのメッセージ",
  "failure.generatorSaid": "ジェネレーターからのメッセージ",
  "failure.privateNotice": "このプロンプトは生成できませんでした。",
  "failure.privateNoticeJob": "このプロンプトは生成できませんでした。ジョブ {{id}}",
  "timeout.title": "⌛ {{waited}} 待って打ち切りました",
  "timeout.description":
    "画像サービスが {{waited}} 以内にこのジョブを終えなかったため、ボットは待つのをやめました。ジェネレーターが混雑しているか止まっている可能性があります。後で下のボタンか `/$t(command.imagine.name)` でもう一度試してください。",
  "timeout.content": "{{mention}} 画像の作成に時間がかかりすぎました。",
  "cancelled.title": "✖️ キャンセル済み",
  "cancelled.content": "{{by}} がキャンセルしました",
  "cancelled.someone": "誰か",
  "cancelled.description": "ボットはこのジョブの追跡をやめました。結果は投稿されません。",
  "cancelled.descriptionFor":
    "ボットはこのジョブ（依頼者: {{requester}}）の追跡をやめました。結果は投稿されません。",

  "imageError.moderation.summary": "画像ジェネレーターのモデレーションがこのプロンプトを拒否しました。",
  "imageError.moderation.hint": "問題とされた言葉を使わずに書き直して、もう一度試してください。",
  "imageError.invalid-parameter.summary":
    "画像ジェネレーターがこのプロンプトのパラメーターを受け付けませんでした。",
  "imageError.invalid-parameter.hint": "指摘された `--` パラメーターを直して、もう一度試してください。",
  "imageError.generator.summary": "画像ジェネレーターがジョブを拒否しました。",
  "imageError.generator.hint": "メッセージが求めていればプロンプトを変えて、もう一度試してください。",
  "imageError.prompt-timeout.summary":
    "ジェネレーターはプロンプトを受け取りましたが、ジョブを開始しませんでした。",
  "imageError.prompt-timeout.hint": "たいていは一時的なものです。もう一度試してください。",
  "imageError.queue-timeout.summary": "ジョブがジェネレーターの待ち行列で長く待ちすぎて破棄されました。",
  "imageError.queue-timeout.hint": "ジェネレーターが混雑しています。数分後にもう一度試してください。",
  "imageError.completion-timeout.summary":
    "ジェネレーターは画像を作り始めましたが、時間内に完成しませんでした。",
  "imageError.completion-timeout.hint":
    "もう一度試してください。続く場合はジェネレーターが過負荷かもしれません。",
  "imageError.not-delivered.summary": "ジェネレーターは画像を作りましたが、画像サービスに届きませんでした。",
  "imageError.not-delivered.hint": "もう一度試してください。",
  "imageError.no-image.summary": "画像サービスは完成と報告しましたが、表示できる画像を送ってきませんでした。",
  "imageError.no-image.hint": "もう一度試してください。続く場合は管理者に知らせてください。",
  "imageError.unspecified.summary": "画像サービスが理由を示さずに失敗しました。",
  "imageError.unspecified.hint": "もう一度試してください。失敗が続く場合は管理者に知らせてください。",
  "imageError.no-reason.summary": "画像サービスが理由を示さずにジョブを失敗としました。",
  "imageError.no-reason.hint": "もう一度試してください。",
  "imageError.unknown.summary": "画像サービスがエラーを報告しました。",
  "imageError.unknown.hint": "もう一度試してください。失敗が続く場合は管理者に知らせてください。",

  "serviceError.unavailable.title": "画像サービスを利用できません",
  "serviceError.unavailable.message":
    "画像サービスが今は正しく応答していません。数分後にもう一度試してください。",
  "serviceError.misconfigured.title": "ボットの設定に問題があります",
  "serviceError.unauthorized.message":
    "画像サービスがボットの認証情報を受け付けませんでした。管理者に通知済みです。後でもう一度試してください。",
  "serviceError.forbidden.message":
    "画像サービスがボットのリクエストを拒否しました。管理者に通知済みです。後でもう一度試してください。",
  "serviceError.quota.title": "画像の利用枠を使い切りました",
  "serviceError.quota.message":
    "このボットは画像の利用枠を使い切ったため、今は新しい画像を作れません。管理者が追加できます。",
  "serviceError.busy.title": "画像サービスが混雑しています",
  "serviceError.busy.message": "今は画像のリクエストが多すぎます。{{seconds}} 秒後にもう一度試してください。",
  "serviceError.busy.messageMinute": "今は画像のリクエストが多すぎます。1 分後にもう一度試してください。",
  "serviceError.refused.title": "プロンプトが拒否されました",
  "serviceError.refused.message":
    "画像サービスがこのプロンプトを拒否しました。プロンプトを変えてもう一度試してください。",
  "serviceError.refused.messageQuoted":
    "画像サービスがこのプロンプトを拒否しました:「{{said}}」。プロンプトを変えてもう一度試してください。",
  "serviceError.imageGone":
    "この画像は画像サービスでもう利用できません（古いか削除された可能性があります）。このボタンはもう使えません。`/$t(command.imagine.name)` で新しく作ってください。",

  "refusal.bannedWords":
    "プロンプトは拒否されました: このサーバーで許可されていない言葉が含まれています。書き直してください。",
  "refusal.userActive_other":
    "すでに {{count}} 枚の画像を生成中で、同時に実行できる上限（{{limit}}）です。いずれかが終わったら次を始められます。",
  "refusal.cooldown": "画像と画像の間は {{cooldown}} 空けてください。次の画像は {{when}} から始められます。",
  "refusal.cooldownIn": "{{duration}} 後",
  "refusal.guildActive_other":
    "このサーバーではすでに {{count}} 枚の画像を生成中で、同時に実行できる上限（{{limit}}）です。いずれかが終わってからもう一度試してください。",
  "refusal.serviceUnhealthy":
    "画像サービスは **{{status}}** と報告しているため、新しい画像は待ち行列で待つだけになります。後でもう一度試してください。",
  "refusal.serviceUnhealthyWhy":
    "画像サービスは **{{status}}**（{{detail}}）と報告しているため、新しい画像は待ち行列で待つだけになります。後でもう一度試してください。",

  "enhance.name": "高画質化 {{factor}}",
  "enhance.offServer": "このサーバーでは {{name}} は無効です。",
  "used.underWay": "この画像の {{name}} はすでに実行中です。結果はここに投稿されます。",
  "refusal.channelNotAllowed":
    "このチャンネルでは画像を作成できません。このサーバーでは {{channels}} で `/$t(command.imagine.name)` を使ってください。",
  "refusal.ageRestrictedOnly":
    "このサーバーでは年齢制限付きチャンネルでのみ画像を作成できます。年齢制限付きチャンネルで `/$t(command.imagine.name)` を使ってください。",
  "refusal.daily_other":
    "今日はすでに {{count}} 枚の画像を開始しました。ここでの 1 日の上限（{{limit}}）です。{{when}} から再び開始できます。",
  "refusal.dailyAtMidnight": "UTC の午前 0 時",
  "error.generic":
    "こちら側で問題が起きて、処理を完了できませんでした。詳細はボットの管理者がログで確認できます。少ししてからもう一度試してください。",
  "error.staleComponent":
    "このボタンはもう使えません: 古いバージョンのボットのものです。コマンドをもう一度実行して新しいボタンを出してください。",
  "error.deadControl": "この操作はもう何もしません。",
  "moderator.notInDm": "これは DM ではなくサーバーで使えます。",
  "moderator.required": "これはモデレーター用です: **サーバー管理** 権限が必要です。",
  "cancel.notYours": "この画像を依頼した人（またはモデレーター）だけがキャンセルできます。",
  "cancel.alreadyEnded": "このジョブはすでに終わっています: キャンセルするものはありません。",
  "cancel.done": "{{requester}} のジョブ {{job}} をキャンセルしました。",
  "reroll.notYours": "この画像を依頼した人（またはモデレーター）だけが再生成できます。",
  "reroll.started": "この画像の再生成をたった今開始しました。",
  "upscale.notAvailable": "このジョブの画像 {{name}} は画像サービスから取得できません。",
  "upscale.onItsWay": "この画像の {{name}} はすでに準備中です。",
  "posted.already": "{{name}} はすでに投稿されています。",
  "posted.alreadyLink": "{{name}} はすでに投稿されています: {{link}}",
  "enhance.notYours":
    "この画像を投稿された本人（またはモデレーター）だけが 高画質化 {{factor}} を使えます: 画像サービスのクレジットを消費します。",
  "enhance.off": "このボットでは 高画質化 {{factor}} は無効です。",
  "enhance.started": "この画像の 高画質化 {{factor}} をたった今開始しました。",
  "tryAgain.expired":
    "この **もう一度** ボタンは期限切れです（プロンプトの保存期間は {{kept}}）。上のメッセージからプロンプトをコピーして、もう一度 `/$t(command.imagine.name)` を実行してください。",
  "tryAgain.notYours": "この **もう一度** ボタンは、プロンプトを拒否された本人のためのものです。",
  "history.notYours": "この一覧は他の人のものです: 自分のものは `/$t(command.history.name)` で見られます。",
  "status.unknownJob": "このサーバーのジョブ {{job}} はボットに知られていません（ジョブ ID または ref）。",
  "show.unknownJob":
    "ジョブ {{job}} はボットに知られていません（ジョブ ID または ref）。`/$t(command.history.name)` で自分のジョブを確認できます。",
  "show.notYours": "この画像を依頼した人、または作成されたサーバーのモデレーターだけが再表示できます。",
  "show.gone":
    "この画像は画像サービスでもう利用できません（古いか削除された可能性があります）。再表示はできません。",
  "show.running": "このジョブはまだ実行中なので、再表示するものはありません。",
  "show.ended": "このジョブは画像なしで終わったので（{{outcome}}）、再表示するものはありません。",
  "show.itsMessage": "メッセージ: {{link}}",
  "show.notFinished": "画像サービスにはこの完成画像がもうありません。表示できません。",
  "show.by": "{{mention}} が再表示しました。",
  "blend.count":
    "ブレンドには {{min}}〜{{max}} 枚の画像が必要です。添付されたのは {{count}} 枚です。画像オプションに、混ぜたい順番で添付してください。",
  "blend.aspectTwice":
    "縦横比が 2 回指定されています: 縦横比オプションの {{option}} とプロンプトの {{typed}}。どちらか一方にしてください。",

  "outcome.completed": "✅ 完了",
  "outcome.failed": "❌ 失敗",
  "outcome.timed-out": "⌛ 時間切れ（ボットが待つのをやめました）",
  "outcome.lost": "❔ 消失（サービスがもう把握していません）",
  "outcome.message-deleted": "🗑️ メッセージが削除されました",
  "outcome.cancelled": "✖️ キャンセル済み",

  "help.about":
    "**imagine-bot** はテキストのプロンプト（と任意の画像）から 4 枚の画像のグリッドを作ります。\n進行状況は随時表示されます。グリッドの下の **U1–U4** で 1 枚を大きく投稿し、**🔄** で同じプロンプトをもう一度実行します。",
  "help.enhance":
    "1 枚の画像の下にある {{buttons}} で大きなコピーを作れます。1 回ごとに画像サービスのクレジットを使います。",
  "help.enhanceButton": "**高画質化 {{factor}}**",
  // Prompt checks: what to change before anything is sent to the service.
  "check.fixThese": "次の点を直して、もう一度お試しください:",
  "check.andMore": "…ほか {{n}} 件。",
  "check.empty": "プロンプトが空です。欲しい画像を説明してください。例: {{example}}",
  "check.imageNeedsWords":
    "画像プロンプトにも言葉（または2枚目の画像）が必要です。画像をどうしたいかを説明してください。例: {{example}}",
  "check.onlyParameters":
    "プロンプトがパラメーターだけです。パラメーターの前に画像の説明を書いてください。例: {{example}}",
  "check.tooLong":
    "プロンプトは {{length}} 文字で、上限 {{max}} 文字を {{over}} 文字超えています{{links}}。少なくとも {{cut}} 文字短くしてください。",
  "check.tooLongLink": "（画像リンクも数えます）",
  "check.tooLongLinks": "（画像リンクも数えます）",
  "check.imageUrl": "画像リンク {{url}} はウェブアドレス（http または https）ではありません。",
  "check.permutation":
    "{{permutation}} は順列で、ここでは使えません。ボットが出せない確認が必要で、選択肢ごとにジョブが始まるためです。代わりに選択肢ごとに `/$t(command.imagine.name)` を実行してください。",
  "check.repeat":
    "{{parameter}} はここでは使えません。一度に複数のジョブが始まるためです。別のセットが欲しいときは `/$t(command.imagine.name)` をもう一度実行してください。",
  "check.missingValue": "{{parameter}} には値が必要です。例: {{example}}",
  "check.singleValue":
    "{{value}} は無効です。{{parameter}} は値を1つだけ取ります。例: {{example}}。画像を説明する言葉はパラメーターの前に書いてください。",
  "check.invalidValue": "{{value}} は無効です。{{expected}}を使ってください。例: {{example}}",
  "check.expected.wholeNumber": "{{min}}〜{{max}} の整数",
  "check.expected.number": "{{min}}〜{{max}} の数値",
  "check.expected.oneOf": "{{values}} のいずれか",
  "check.expected.aspectRatio": "幅:高さ の形の整数",
  "check.expected.quality": ".25、.5、1、2、4 のいずれか",
  "check.attachment": "添付ファイル",
  "check.attachmentUnreadable":
    "添付ファイル {{name}} を読み込めませんでした。もう一度アップロードしてください。",
  "check.attachmentType":
    "{{name}}{{type}} は画像プロンプトに使えません。PNG、JPEG、WebP、GIF のいずれかの画像を添付してください。",
  "check.attachmentTooLarge":
    "{{name}} は {{size}} で大きすぎます。画像プロンプトは最大 {{max}} までです。もっと小さい画像を添付してください。",
  "check.attachmentTooLargeUnknown":
    "{{name}} は大きすぎます。画像プロンプトは最大 {{max}} までです。もっと小さい画像を添付してください。",
  "check.notParameters":
    "{{value}} はパラメーターの一覧ではありません。デフォルトのパラメーターは `--` で始まります。例: {{example}}。言葉はそれぞれのプロンプトに書いてください。",
  "imageError.lostDetail": "画像サービスはもうこのジョブを把握していません（削除された可能性があります）。",
  "help.commands":
    "**コマンド**\n• `/$t(command.imagine.name) $t(command.imagine.prompt.name):`（任意で `$t(command.imagine.image.name):`）: このチャンネルでプロンプトを描きます。\n• `/$t(command.blend.name) $t(command.blend.image1.name): $t(command.blend.image2.name):`（`$t(command.blend.image5.name):` まで、任意で `$t(command.blend.prompt.name):` と `$t(command.blend.aspect.name):`）: 2〜5 枚の画像を混ぜます。\n• `/$t(command.imagine-status.name)`（モデレーター）: サービスの状態、このサーバーのジョブ、最近の失敗と制限。\n• `/$t(command.history.name)`: 最近の画像（サーバーではそのサーバーのもの、DM ではすべて）とリンク。`/$t(command.show.name) $t(command.show.job.name):` で 1 つを再投稿します。\n• `/$t(command.help.name)`: このメッセージ。\n• DM でプロンプトを送ってください（画像の添付も可）。`help` と送るとこのメッセージを表示します。",
  "help.syntax":
    "**プロンプトの書き方**: 最初に画像の URL、次にテキスト、最後にパラメーター。\n> 夕暮れの灯台、油絵 --ar 16:9\n> https://example.com/cat.png 騎士になった猫 --iw 1.5\n> 霧の森 --no people, text --chaos 20 --stylize 300 --v 6",
  "help.parameters": "パラメーター: {{parameters}}。",
  "help.unsupported": "パーミュテーション `{a, b}` と `--repeat` には対応していません。",
  "help.limitsServer": "**このサーバーでのあなたの制限**",
  "help.limitsDm": "**DM でのあなたの制限**",
  "help.moderator": "• モデレーターには、ジョブ数や待ち時間の個人ごとの制限はありません。",
  "help.userActive_other": "• 同時に最大 {{count}} 枚。現在 {{active}} 件実行中です。",
  "help.cooldown": "• プロンプトとプロンプトの間は {{cooldown}} 空けてください。",
  "help.noCooldown": "• プロンプト間の待ち時間はありません。",
  "help.guildActive_other": "• このサーバーは同時に最大 {{count}} 枚まで。現在 {{active}} 件実行中です。",
  "help.promptLength": "• プロンプトは最大 {{max}} 文字です。",

  "history.empty":
    "このサーバーで、ボットがまだ覚えている画像はありません。`/$t(command.imagine.name)` で作ってみましょう。",
  "history.emptyEverywhere":
    "ボットがまだ覚えている画像はありません。`/$t(command.imagine.name)` で作ってみましょう。",
  "history.title": "🖼️ このサーバーでのあなたの画像",
  "history.titleEverywhere": "🖼️ すべての場所でのあなたの画像",
  "history.footer":
    "{{page}} ページ目 · 新しい順 · /$t(command.show.name) $t(command.show.job.name):<id> で再投稿",
  "history.inDm": "DM",
  "history.inServer": "サーバー",
  "history.noMessage": "メッセージ不明",
  "history.jump": "メッセージへ移動",
  "history.show": "表示 {{n}}",
  "history.newer": "◀ 新しい",
  "history.older": "古い ▶",

  // `/quota`.
  "quota.title": "**このサーバーでのあなたの画像**",
  "quota.titleDm": "**DM でのあなたの画像**",
  "quota.source.server": "このサーバーの設定",
  "quota.source.role": "あなたのロール {{role}}",
  "quota.source.anyRole": "あなたのロール",
  "quota.source.owner": "ボットの既定値",
  "quota.dailyUnlimited_other": "• 今日は {{count}} 枚の画像を開始しました。1 日の上限はありません。",
  "quota.dailyModerator_other":
    "• 今日は {{count}} 枚の画像を開始しました。モデレーターには 1 日の上限（{{limit}}）は適用されません。",
  "quota.daily_other":
    "• 今日は 1 日 {{limit}} 枚のうち {{count}} 枚を開始しました（{{source}}）: **残り {{left}} 枚**。",
  "quota.reset": "• 1 日のカウントは {{relative}}（{{absolute}}、UTC の午前 0 時）にリセットされます。",
  "quota.activeModerator_other":
    "• {{count}} 枚の画像を生成中です。モデレーターには同時ジョブ数の制限はありません。",
  "quota.active_other": "• {{count}} 枚の画像を生成中です。同時に最大 {{limit}} 枚まで（{{source}}）。",
  "quota.noCooldown": "• 画像と画像の間に待ち時間はありません。",
  "quota.cooldownNow": "• 画像の間は {{wait}} 空けてください（{{source}}）: 今すぐ開始できます。",
  "quota.cooldownNext":
    "• 画像の間は {{wait}} 空けてください（{{source}}）: 次は {{when}} から開始できます。",
  "quota.soon": "まもなく",
};

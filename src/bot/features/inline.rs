//! Inline mode: `@bot` typed in any chat, the bot a member of it or not, offers games;
//! the one chosen is posted there "via @bot" as a challenge, and the game is played in
//! that message by taps. Each offered game is a stored challenge whose buttons carry its
//! token, so the game needs no word from Telegram about which result was chosen, and a
//! forged button starts nothing.

use crate::bot::chat::context::{Answer, HandlerResult, Tap};
use crate::bot::controls::keyboard;
use crate::bot::error::BotError;
use crate::bot::play;
use crate::bot::play::board;
use crate::bot::play::challenges;
use crate::bot::play::moves::board_game;
use crate::bot::state::App;
use crate::bot::state::offers::Offer;
use crate::bot::state::outbox::inline_lane;
use crate::bot::texts::{Texts, escape, mention, texts};
use crate::engine::{Color, Variant, VariantId};
use crate::game::{
    ChallengeId, ChallengeRecord, ChallengeStatus, ChallengeTarget, ChatId, ColourChoice, GameId,
    Language, LinkToken, NewChallenge, Player, ServiceError, TimeControl, UserId,
};
use teloxide::payloads::AnswerInlineQuerySetters;
use teloxide::prelude::*;
use teloxide::types::{
    InlineQuery, InlineQueryResult, InlineQueryResultArticle, InlineQueryResultsButton,
    InlineQueryResultsButtonKind, InputMessageContent, InputMessageContentText, ParseMode,
};

/// The games `@bot` alone offers: the usual variants.
const USUAL_VARIANTS: [VariantId; 3] = [
    VariantId::Classic,
    VariantId::Classic3x4,
    VariantId::Diagonal,
];

/// The time controls `@bot` alone offers: untimed, a Fischer clock, a per-move limit.
const USUAL_TIMES: [&str; 3] = ["untimed", "5+3", "60s"];

/// Telegram keeps an answer this many seconds for the same person and text.
const CACHE_SECS: u32 = 10;

/// What an inline query asks for.
#[derive(Clone, Debug, PartialEq)]
struct Wanted {
    variants: Vec<VariantId>,
    times: Vec<TimeControl>,
    casual: bool,
    /// The one person it is for (`@username`, without `@`).
    to: Option<String>,
}

/// Read a query: variant names (English or Russian, or a beginning of one) narrow the
/// variants, a time control or `casual` sets them, `@username` names the opponent. Words
/// still being typed (a time control half written) are passed over; `None` when a word
/// matches no game.
fn wanted(query: &str) -> Option<Wanted> {
    let mut variants: Option<Vec<VariantId>> = None;
    let mut times = Vec::new();
    let mut w = Wanted {
        variants: Vec::new(),
        times: Vec::new(),
        casual: false,
        to: None,
    };
    for word in query.split_whitespace() {
        let lower = word.to_lowercase();
        if let Some(name) = word.strip_prefix('@') {
            w.to = (!name.is_empty()).then(|| name.to_string());
        } else if let Ok(tc) = word.parse::<TimeControl>() {
            times.push(tc);
        } else if challenges::CASUAL.contains(&lower.as_str()) {
            w.casual = true;
        } else if lower
            .chars()
            .all(|c| c.is_ascii_digit() || "+s".contains(c))
        {
            // A time control being typed.
        } else {
            let exact = lower.parse::<VariantId>().ok();
            let mut matching: Vec<VariantId> = playable()
                .filter(|v| exact == Some(*v) || names_match(*v, &lower))
                .collect();
            // The variant a word names exactly comes first.
            matching.sort_by_key(|v| exact != Some(*v));
            let narrowed: Vec<VariantId> = match variants {
                Some(vs) => vs.into_iter().filter(|v| matching.contains(v)).collect(),
                None => matching,
            };
            if narrowed.is_empty() {
                return None;
            }
            variants = Some(narrowed);
        }
    }
    w.variants = variants.unwrap_or_else(|| USUAL_VARIANTS.to_vec());
    w.times = if times.is_empty() {
        USUAL_TIMES.iter().filter_map(|t| t.parse().ok()).collect()
    } else {
        times
    };
    Some(w)
}

/// The variants two people can play.
fn playable() -> impl Iterator<Item = VariantId> {
    VariantId::ALL
        .into_iter()
        .filter(|v| !Variant::new(*v).rules().solo)
}

/// Whether `word` (lower case) begins a word of variant `v`'s English or Russian name or
/// of its id.
fn names_match(v: VariantId, word: &str) -> bool {
    let names = [
        v.id().to_string(),
        texts(Language::En).variant_name(v),
        texts(Language::Ru).variant_name(v),
    ];
    names.iter().any(|n| {
        n.to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .any(|part| part.starts_with(word))
    })
}

/// An inline query: answer with a challenge for each game it asks for.
pub async fn on_query(app: App, q: InlineQuery) -> HandlerResult {
    let from = UserId(q.from.id.0);
    let t = texts(app.chat_lang(ChatId(from.0 as i64), Some(from)).await);
    let Some(w) = wanted(&q.query) else {
        return answer(&app, &q, Vec::new(), Some(t.inline_nothing_found())).await;
    };
    let offers = offers_for(&app, from, &w).await?;
    let who = mention(from.0, &q.from.full_name());
    let to = w.to.as_ref().map(|n| format!("@{}", escape(n)));
    let mut results = Vec::with_capacity(offers.len());
    for (v, tc, offer) in offers {
        let terms = terms_text(t, tc, w.casual);
        let name = t.variant_name(v);
        let text = t.inline_challenge(&who, to.as_deref(), &name, &terms);
        let content = InputMessageContent::Text(
            InputMessageContentText::new(text).parse_mode(ParseMode::Html),
        );
        let kb = keyboard::inline_challenge(offer.id, offer.token, w.to.is_some(), t);
        let article = InlineQueryResultArticle::new(
            offer.token.to_string(),
            t.inline_result_title(&name, &terms),
            content,
        )
        .description(t.inline_result_for(to.as_deref()))
        .reply_markup(kb);
        results.push(InlineQueryResult::Article(article));
    }
    answer(&app, &q, results, None).await
}

/// A challenge's time control, and whether it is casual.
fn terms_text(t: &dyn Texts, tc: TimeControl, casual: bool) -> String {
    let tc = t.time_control(&tc);
    if casual {
        format!("{tc}, {}", t.casual())
    } else {
        tc
    }
}

/// The challenges offering each game `w` asks for: the ones offered to `from` before on
/// the same terms while they are fresh, new ones (stored in one commit) for the rest.
async fn offers_for(
    app: &App,
    from: UserId,
    w: &Wanted,
) -> Result<Vec<(VariantId, TimeControl, Offer)>, BotError> {
    let at = app.now();
    let key = |v: VariantId, tc: TimeControl| {
        let to = w.to.as_deref().unwrap_or("").to_lowercase();
        format!("{v} {tc} {} {to}", w.casual)
    };
    let mut have = Vec::new();
    let mut missing = Vec::new();
    for &v in &w.variants {
        for &tc in &w.times {
            match app.people.offers().get(from, &key(v, tc), at) {
                Some(o) => have.push((v, tc, o)),
                None => missing.push((v, tc)),
            }
        }
    }
    if !missing.is_empty() {
        let mut news = Vec::with_capacity(missing.len());
        for &(v, tc) in &missing {
            let token = LinkToken::random()?;
            news.push(NewChallenge {
                chat: ChatId(from.0 as i64),
                message: None,
                from,
                target: ChallengeTarget::Inline {
                    token,
                    user: None,
                    username: w.to.clone(),
                },
                variant: Variant::new(v),
                time_control: tc,
                colour: ColourChoice::Random,
                rated: !w.casual,
            });
        }
        let made = app
            .games
            .run(move |s| s.create_challenges(news, at))
            .await?;
        for c in made {
            let ChallengeTarget::Inline { token, .. } = c.target else {
                continue;
            };
            let offer = Offer {
                id: c.id,
                token,
                expires_at: c.expires_at,
            };
            let (v, tc) = (c.variant.id(), c.time_control);
            app.people.offers().put(from, key(v, tc), offer, at);
            have.push((v, tc, offer));
        }
    }
    // In the order asked: variants first, then time controls.
    have.sort_by_key(|(v, tc, _)| {
        let vi = w.variants.iter().position(|x| x == v);
        let ti = w.times.iter().position(|x| x == tc);
        (vi, ti)
    });
    Ok(have)
}

/// Answer `q` with `results`; `hint` above them (a button to the bot's private chat) when
/// the query matched nothing.
async fn answer(
    app: &App,
    q: &InlineQuery,
    results: Vec<InlineQueryResult>,
    hint: Option<String>,
) -> HandlerResult {
    let mut req = app
        .tg
        .bot()
        .answer_inline_query(q.id.clone(), results)
        .cache_time(CACHE_SECS)
        .is_personal(true);
    if let Some(text) = hint {
        req = req.button(InlineQueryResultsButton {
            text,
            kind: InlineQueryResultsButtonKind::StartParameter("inline".into()),
        });
    }
    // An answer is no message in a chat, and the person is waiting: not paced.
    let r = crate::bot::telegram::call_unpaced(app.tg.pacer(), || req.clone()).await;
    if let Err(e) = r {
        tracing::debug!(error = %e, "answerInlineQuery failed");
    }
    Ok(())
}

/// Accept, Decline or Withdraw on an inline challenge.
pub async fn on_answer(
    app: App,
    tap: Tap,
    (id, accept, link): (ChallengeId, bool, Option<LinkToken>),
) -> HandlerResult {
    let t = tap.texts();
    let (Some(message), Some(token)) = (tap.inline(), link) else {
        return tap.reply(Answer::Alert(t.bad_button()));
    };
    let ours = match app.games.run(move |s| s.challenge(id)).await {
        Ok(c) => matches!(&c.target, ChallengeTarget::Inline { token: k, .. } if k.matches(&token)),
        Err(_) => false,
    };
    if !ours {
        return tap.reply(Answer::Alert(t.bad_button()));
    }
    let (user, username) = (tap.user(), tap.query().from.username.clone());
    let r = if accept {
        let m = message.clone();
        let now = app.now();
        app.games
            .run(move |s| s.accept_inline_challenge(id, user, username.as_deref(), m, token, now))
            .await
            .map(|(_, g)| Some(g))
    } else {
        let now = app.now();
        app.games
            .run(move |s| s.decline_challenge(id, user, username.as_deref(), now))
            .await
            .map(|_| None)
    };
    match r {
        Ok(Some(g)) => {
            tap.answer(Answer::Silent).await;
            app.people.offers().forget(id);
            // The challenge's message becomes the board.
            play::changed(&app, g);
            Ok(())
        }
        Ok(None) => {
            tap.answer(Answer::Silent).await;
            app.people.offers().forget(id);
            close(&app, id, &message.0).await;
            Ok(())
        }
        Err(e) => {
            // A challenge gone by is said so on its message, for everyone who sees it.
            if matches!(
                e,
                ServiceError::ChallengeExpired | ServiceError::ChallengeClosed(_)
            ) {
                close(&app, id, &message.0).await;
            }
            Err(e.into())
        }
    }
}

/// Put what became of challenge `id` on its inline message, without buttons (an
/// accepted one's message is its game's board: left alone).
async fn close(app: &App, id: ChallengeId, message: &str) {
    let Ok(c) = app.games.run(move |s| s.challenge(id)).await else {
        return;
    };
    let t = texts(app.chat_lang(c.chat, Some(c.from)).await);
    let from = app.user_mention(c.from).await;
    let text = match c.status {
        ChallengeStatus::Accepted { .. } => return,
        ChallengeStatus::Declined { by } => {
            t.challenge_declined(&from, &app.user_mention(by).await)
        }
        ChallengeStatus::Cancelled => t.challenge_withdrawn(&from),
        ChallengeStatus::Expired | ChallengeStatus::Open => t.challenge_expired(&from),
    };
    let none = teloxide::types::InlineKeyboardMarkup::default();
    if let Err(e) = board::edit_inline_text(app, inline_lane(message), message, text, none).await
        && !crate::bot::telegram::not_modified(&e)
    {
        tracing::debug!(error = %e, "could not close an inline challenge");
    }
}

/// Rematch under a finished inline game: its message becomes the offer of the same game
/// with colours swapped, for the opponent alone (and then the new game's board).
pub async fn on_rematch(app: App, tap: Tap, game: GameId) -> HandlerResult {
    let (user, t) = (tap.user(), tap.texts());
    let (Some(g), Some(message)) = (board_game(&app, &tap, game)?, tap.inline()) else {
        return tap.reply(Answer::Alert(t.bad_button()));
    };
    if g.is_active() {
        return tap.reply(Answer::Alert(t.bad_button()));
    }
    let Some(colour) = g.color_of(user) else {
        return tap.reply(Answer::Alert(t.not_your_game()));
    };
    let Player::Human(opponent) = g.player(!colour) else {
        return tap.reply(Answer::Alert(t.bad_button()));
    };
    // A newer game in this message (a rematch taken already) makes this button stale.
    let newer = app
        .games
        .run(move |s| s.user_games(user, None, 20))
        .await?
        .into_iter()
        .any(|n| n.id > g.id && n.inline.as_ref() == Some(&message));
    if newer {
        return tap.reply(Answer::Alert(t.stale_button()));
    }
    if !app.people.allow_action(user.0) {
        return tap.reply(Answer::Toast(t.slow_down()));
    }
    let token = LinkToken::random()?;
    let new = NewChallenge {
        chat: ChatId(user.0 as i64),
        message: None,
        from: user,
        target: ChallengeTarget::Inline {
            token,
            user: Some(opponent),
            username: None,
        },
        variant: match g.variant.two() {
            Some(v) => v.clone(),
            None => return tap.reply(Answer::Alert(t.bad_button())),
        },
        time_control: g.time_control,
        colour: match colour {
            Color::White => ColourChoice::Black,
            Color::Black => ColourChoice::White,
        },
        rated: g.rated,
    };
    let now = app.now();
    let c = app.games.run(move |s| s.create_challenge(new, now)).await?;
    tap.answer(Answer::Silent).await;
    offer_on(&app, &c, token, &message.0).await
}

/// Show challenge `c` on inline message `message` with its buttons.
async fn offer_on(
    app: &App,
    c: &ChallengeRecord,
    token: LinkToken,
    message: &str,
) -> HandlerResult {
    let t = texts(app.chat_lang(c.chat, Some(c.from)).await);
    let text = challenges::text(app, c, t).await;
    let kb = keyboard::inline_challenge(c.id, token, c.target.is_personal(), t);
    board::edit_inline_text(app, inline_lane(message), message, text, kb).await?;
    Ok(())
}

/// Whether a tap came from an inline message (routed here rather than to the chat
/// features).
pub fn is_inline(q: CallbackQuery) -> bool {
    q.inline_message_id.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(s: &str) -> TimeControl {
        s.parse().unwrap()
    }

    #[test]
    fn the_bare_query_offers_the_usual_games() {
        let w = wanted("").unwrap();
        assert_eq!(w.variants, USUAL_VARIANTS.to_vec());
        assert_eq!(w.times, vec![TimeControl::Untimed, tc("5+3"), tc("60s")]);
        assert_eq!((w.casual, w.to.as_deref()), (false, None));
        assert_eq!(wanted("  ").unwrap(), w);
    }

    #[test]
    fn words_narrow_the_choice_in_english_and_russian() {
        let w = wanted("diagonal 3+2").unwrap();
        assert_eq!(
            w.variants,
            vec![VariantId::Diagonal, VariantId::Diagonal3x4]
        );
        assert_eq!(w.times, vec![tc("3+2")]);
        // A beginning of a name matches every variant it begins.
        let w = wanted("diago").unwrap();
        assert_eq!(
            w.variants,
            vec![VariantId::Diagonal, VariantId::Diagonal3x4]
        );
        // A name given exactly comes first.
        let w = wanted("diagonal-3x4").unwrap();
        assert_eq!(w.variants[0], VariantId::Diagonal3x4);
        let w = wanted("Диаг 60s").unwrap();
        assert_eq!(
            w.variants,
            vec![VariantId::Diagonal, VariantId::Diagonal3x4]
        );
        assert_eq!(w.times, vec![tc("60s")]);
        assert_eq!(wanted("хальма").unwrap().variants.len(), 2);
        // Two words: both must match.
        assert_eq!(
            wanted("classic 3x4").unwrap().variants,
            vec![VariantId::Classic3x4]
        );
    }

    #[test]
    fn a_mention_names_the_opponent_and_casual_unrates() {
        let w = wanted("@Boris_K classic casual").unwrap();
        assert_eq!(w.to.as_deref(), Some("Boris_K"));
        assert_eq!(w.variants[0], VariantId::Classic);
        assert!(w.casual);
        assert!(wanted("товарищеская").unwrap().casual);
    }

    #[test]
    fn half_typed_time_controls_are_passed_over_and_unknown_words_find_nothing() {
        assert_eq!(wanted("classic 5+").unwrap().times.len(), 3);
        assert_eq!(wanted("classic 6").unwrap().variants[0], VariantId::Classic);
        assert_eq!(wanted("chess"), None);
        // The training room is for one player: never offered.
        assert_eq!(wanted("training"), None);
    }
}

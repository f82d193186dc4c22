//! Tournaments' steps after a change, shared by their feature (taps and commands) and by
//! a game's end: move the event on ([`crate::game::GameService::advance_tournament`]),
//! show the games it started and tell the group what happened.
//!
//! What the group is told is recorded in the tournament record (`pairings_told`,
//! `results_told`, `end_told`) after each message is sent, so a restart tells only what was
//! not told yet: at least once, and once unless the bot stops between a message and its
//! mark. The task [`run`] moves every open tournament on when a game ends and every few
//! seconds (a first move not made in time, a start time reached, an arena's next wave),
//! and at start-up, so what fell due while the bot was down happens then.

use crate::bot::chat::messages::{say, send_photo};
use crate::bot::controls::keyboard;
use crate::bot::error::BotError;
use crate::bot::state::App;
use crate::bot::telegram;
use crate::bot::texts::tournament::{EntryView, PairLine, Stage};
use crate::bot::texts::{Texts, civil, mention, texts};
use crate::game::tournament::{Event, Format, Points, Round, Seed, TieBreak, standings};
use crate::game::{Advanced, TimeControl, TournamentId, TournamentRecord, TournamentStatus, Venue};
use std::time::Duration;
use teloxide::payloads::EditMessageTextSetters;
use teloxide::prelude::Requester;
use teloxide::types::ParseMode;

/// How often open tournaments are looked at without a game's end waking the task.
const TICK: Duration = Duration::from_secs(2);

/// A game of a tournament may have ended: look at the tournaments now.
pub fn wake(app: &App) {
    app.tasks.tournaments().notify_one();
}

/// Move every open tournament on, until the bot stops (the leader runs it).
pub async fn run(app: App) {
    loop {
        if app.tasks.is_stopping() {
            return;
        }
        match app.games.run(|s| s.open_tournaments()).await {
            Ok(list) => {
                app.tasks
                    .tournament_games(list.iter().flat_map(|t| t.all_games().map(|(_, _, g)| g)));
                for t in list {
                    if let Err(e) = step(&app, t.id).await {
                        tracing::warn!(tournament = %t.id, error = %e, "a tournament's step failed");
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "could not read the open tournaments"),
        }
        tokio::select! {
            () = app.tasks.tournaments().notified() => {}
            () = app.tasks.clock().jumped() => {}
            () = tokio::time::sleep(TICK) => {}
        }
    }
}

/// One step of tournament `id`, and what follows from it.
pub async fn step(app: &App, id: TournamentId) -> Result<(), BotError> {
    let _one = app.tasks.tournament_steps().lock().await;
    let now = app.now();
    let a = app
        .games
        .run(move |s| s.advance_tournament(id, now))
        .await?;
    shown(app, a).await
}

/// Show what a step did: tell the group (pairings first), then post the new boards. The
/// caller holds [`crate::bot::state::parts::Tasks::tournament_steps`], taken after the
/// step itself so that a tap is answered without waiting for another step's messages.
pub async fn shown(app: &App, a: Advanced) -> Result<(), BotError> {
    let Some(t) = a.record else {
        return Ok(());
    };
    // Read again under the lock: a step that held it before us may have told the group
    // part of what this record has not marked yet, and it must not be told twice.
    let id = t.id;
    let t = app.games.run(move |s| s.tournament(id)).await?;
    app.views.pages().tournament_changed(t.id, t.version);
    let tx = texts(app.chat_lang(t.chat, None).await);
    for (g, seat) in &a.forfeited {
        let loser = g.player(*seat).user();
        let text = match seat.color() {
            Some(c) if !g.is_table() => {
                let winner = g.player(!c).user();
                loser
                    .zip(winner)
                    .map(|(l, w)| tx.forfeit(&person(&t, l), &person(&t, w)))
            }
            _ => loser.map(|l| tx.table_forfeit(&person(&t, l))),
        };
        if let Some(text) = text {
            say(app, t.chat, None, &text, None).await?;
        }
        super::changed(app, g.clone());
    }
    tell(app, t, tx).await?;
    app.tasks.tournament_games(a.started.iter().map(|g| g.id));
    for g in a.started {
        super::changed(app, g);
    }
    Ok(())
}

/// A person of the tournament as a mention.
fn person(t: &TournamentRecord, u: crate::game::UserId) -> String {
    match t.seed_of(u) {
        Some(s) => mention(u.0, &t.event.players[s.index()].name),
        None => mention(u.0, &format!("#{}", u.0)),
    }
}

fn seed_mention(t: &TournamentRecord, s: Seed) -> String {
    let name = &t.event.players[s.index()].name;
    match t.user_of(s) {
        Some(u) => mention(u.0, name),
        None => crate::bot::texts::escape(name),
    }
}

/// Tell the group what it has not been told: each finished round's results and
/// standings, each new round's pairings, the end. Returns the record as marked.
pub async fn tell(
    app: &App,
    mut t: TournamentRecord,
    tx: &'static dyn Texts,
) -> Result<TournamentRecord, BotError> {
    let arena = matches!(t.settings.format, Format::Arena { .. });
    let total = t.event.total_rounds();
    let mut changed = false;
    if !arena {
        let complete = t.event.rounds.iter().take_while(|r| r.complete()).count() as u32;
        while t.results_told < complete {
            let k = t.results_told;
            let upto = Event {
                rounds: t.event.rounds[..=k as usize].to_vec(),
                ..t.event.clone()
            };
            let last = !t.status.is_open() && k + 1 == complete;
            if !last {
                let mut caption = fit(
                    tx.round_results(k + 1, total, &lines(&t, k as usize, &upto)),
                    CAPTION / 2,
                );
                caption.push_str(&standings_text(
                    &upto,
                    tx,
                    CAPTION.saturating_sub(visible(&caption)),
                ));
                let png = picture(&t, &upto, tx, tx.standings_title(k + 1, total, false)).await?;
                send_photo(
                    app,
                    t.chat,
                    png,
                    "standings.png",
                    &caption,
                    None,
                    page_button(app, &t, tx),
                )
                .await?;
            }
            t = mark(app, &t, t.pairings_told, k + 1, t.end_told).await?;
            changed = true;
        }
        while t.pairings_told < t.event.rounds.len() as u32 && t.status.is_open() {
            let k = t.pairings_told as usize;
            let before = Event {
                rounds: t.event.rounds[..k].to_vec(),
                ..t.event.clone()
            };
            let round = &t.event.rounds[k];
            let bye = round.bye.map(|b| seed_mention(&t, b));
            // Mentions reach the players and each board links to its page; a caption holds
            // what fits, the picture every board (and the page button all of them).
            let mut boards = pair_lines(&t, round, &before, true);
            for (i, l) in boards.iter_mut().enumerate() {
                l.link = t
                    .games
                    .get(k)
                    .and_then(|r| r.get(i).copied().flatten())
                    .and_then(|g| app.views.launch().and_then(|l| l.direct_link(g)));
            }
            let private = t.venue == Venue::Private;
            let (round_no, bye) = (k as u32 + 1, bye.as_deref());
            let mut caption = tx.round_pairings(round_no, total, &boards, bye, private);
            if visible(&caption) > CAPTION {
                boards = pair_lines(&t, round, &before, false);
                caption = fit(
                    tx.round_pairings(round_no, total, &boards, bye, private),
                    CAPTION,
                );
            }
            let sheet = pairings_sheet(&t, round, &before, tx, round_no, total);
            let png =
                tokio::task::spawn_blocking(move || crate::render::standings::render_sheet(&sheet))
                    .await??;
            send_photo(
                app,
                t.chat,
                png,
                "pairings.png",
                &caption,
                None,
                page_button(app, &t, tx),
            )
            .await?;
            t = mark(app, &t, k as u32 + 1, t.results_told, t.end_told).await?;
            changed = true;
        }
    }
    if !t.end_told && !t.status.is_open() {
        match t.status {
            TournamentStatus::Finished { .. } => {
                let table = standings(&t.event);
                let winners: Vec<String> = table
                    .iter()
                    .filter(|l| l.rank == 1)
                    .map(|l| seed_mention(&t, l.player))
                    .collect();
                let rounds = t.event.rounds.len() as u32;
                let png =
                    picture(&t, &t.event, tx, tx.standings_title(rounds, total, true)).await?;
                let mut caption = tx.tournament_won(&winners);
                if !arena && let Some(k) = rounds.checked_sub(1) {
                    caption.push_str("\n\n");
                    caption.push_str(&tx.round_results(
                        rounds,
                        total,
                        &lines(&t, k as usize, &t.event),
                    ));
                }
                let mut caption = fit(caption, CAPTION / 2);
                caption.push_str(&standings_text(
                    &t.event,
                    tx,
                    CAPTION.saturating_sub(visible(&caption)),
                ));
                send_photo(
                    app,
                    t.chat,
                    png,
                    "standings.png",
                    &caption,
                    None,
                    page_button(app, &t, tx),
                )
                .await?;
            }
            _ => {
                say(app, t.chat, None, &tx.tournament_cancelled(), None).await?;
            }
        }
        t = mark(app, &t, t.pairings_told, t.results_told, true).await?;
        changed = true;
    }
    if changed {
        entry_changed(app, &t);
    }
    Ok(t)
}

async fn mark(
    app: &App,
    t: &TournamentRecord,
    pairings: u32,
    results: u32,
    end: bool,
) -> Result<TournamentRecord, BotError> {
    let (id, now) = (t.id, app.now());
    Ok(app
        .games
        .run(move |s| s.tournament_told(id, pairings, results, end, now))
        .await?)
}

/// The button to the tournament's page, when the bot serves the Mini App with a short
/// name (a group opens it only through a `t.me` link).
fn page_button(
    app: &App,
    t: &TournamentRecord,
    tx: &dyn Texts,
) -> Option<teloxide::types::InlineKeyboardMarkup> {
    let link = app.views.launch()?.tournament_link(t.id)?;
    let url = link.parse().ok()?;
    Some(teloxide::types::InlineKeyboardMarkup::new(vec![vec![
        teloxide::types::InlineKeyboardButton::url(tx.btn_tournament_page(), url),
    ]]))
}

/// The most characters a caption shows (Telegram's 1024, less room for its markup).
const CAPTION: usize = 900;

/// The standings as text under a picture's caption, as many lines as fit in `room`
/// characters: the picture for the eye, the text for screen readers and for copying.
fn standings_text(event: &Event, tx: &dyn Texts, room: usize) -> String {
    let order = TieBreak::order(event.format);
    let mut out = String::from("\n");
    for l in standings(event) {
        let points = match event.format {
            Format::Arena { .. } => l.points.0.to_string(),
            _ => l.points.to_string(),
        };
        let tbs: Vec<(String, String)> = order
            .iter()
            .zip(&l.tie_breaks)
            .map(|(tb, v)| (tx.tie_break(*tb), tb.show(*v)))
            .collect();
        let name = crate::bot::texts::escape(&event.players[l.player.index()].name);
        let line = format!("\n{}", tx.standings_line(l.rank, &name, &points, &tbs));
        if visible(&out) + visible(&line) > room {
            out.push_str("\n…");
            break;
        }
        out.push_str(&line);
    }
    out
}

/// The characters Telegram counts in HTML `text`: what shows, tags left out and each
/// entity (`&amp;`) one.
fn visible(text: &str) -> usize {
    let (mut n, mut tag, mut entity) = (0, false, false);
    for c in text.chars() {
        match c {
            '<' => tag = true,
            '>' if tag => tag = false,
            _ if tag => {}
            '&' => {
                entity = true;
                n += 1;
            }
            ';' if entity => entity = false,
            _ if entity => {}
            _ => n += 1,
        }
    }
    n
}

/// `text` cut at a line's end to at most `room` characters as Telegram counts them (a
/// caption's limit), with "…".
fn fit(text: String, room: usize) -> String {
    if visible(&text) <= room {
        return text;
    }
    let mut out = String::new();
    for line in text.lines() {
        if visible(&out) + visible(line) + 2 > room {
            break;
        }
        out.push_str(line);
        out.push('\n');
    }
    out.push('…');
    out
}

/// The boards of round `k` with their results (names as plain text: a caption's room is
/// short), each player's score before it.
fn lines(t: &TournamentRecord, k: usize, upto: &Event) -> Vec<PairLine> {
    let before = Event {
        rounds: upto.rounds[..k].to_vec(),
        ..upto.clone()
    };
    pair_lines(t, &upto.rounds[k], &before, false)
}

/// A round's boards; names as mentions where `mentions` (a message with room for them).
fn pair_lines(
    t: &TournamentRecord,
    round: &Round,
    before: &Event,
    mentions: bool,
) -> Vec<PairLine> {
    let name = |s: Seed| {
        if mentions {
            seed_mention(t, s)
        } else {
            crate::bot::texts::escape(&t.event.players[s.index()].name)
        }
    };
    round
        .pairings
        .iter()
        .map(|p| PairLine {
            white: (name(p.white), Points(before.half_points(p.white))),
            black: (name(p.black), Points(before.half_points(p.black))),
            link: None,
            result: p.result,
        })
        .collect()
}

/// The standings of `event` (or, for a small round-robin, its crosstable) as a picture.
async fn picture(
    t: &TournamentRecord,
    event: &Event,
    tx: &'static dyn Texts,
    subtitle: String,
) -> Result<Vec<u8>, BotError> {
    let sheet = sheet(t, event, tx, subtitle);
    let png = tokio::task::spawn_blocking(move || crate::render::standings::render_sheet(&sheet))
        .await??;
    Ok(png)
}

/// The sheet the pairings picture draws: each board with its players and their points
/// before the round, then the bye.
fn pairings_sheet(
    t: &TournamentRecord,
    round: &Round,
    before: &Event,
    tx: &dyn Texts,
    number: u32,
    total: Option<u32>,
) -> crate::render::standings::Sheet {
    let [board, white, black, points] = tx.pairings_columns();
    let name = |s: Seed| t.event.players[s.index()].name.clone();
    let score = |s: Seed| Points(before.half_points(s)).to_string();
    let mut rows: Vec<Vec<String>> = round
        .pairings
        .iter()
        .enumerate()
        .map(|(i, p)| {
            vec![
                (i + 1).to_string(),
                name(p.white),
                score(p.white),
                name(p.black),
                score(p.black),
            ]
        })
        .collect();
    if let Some(b) = round.bye {
        rows.push(vec![
            "–".into(),
            name(b),
            score(b),
            String::new(),
            String::new(),
        ]);
    }
    crate::render::standings::Sheet {
        title: format!(
            "{} · {}",
            tx.tournament_format(t.settings.format),
            tx.game_variant(&t.settings.variant)
        ),
        subtitle: tx.pairings_title(number, total),
        columns: vec![board, white, points.clone(), black, points],
        name_columns: vec![1, 3],
        rows,
        leaders: 0,
    }
}

/// The sheet the standings picture draws.
pub fn sheet(
    t: &TournamentRecord,
    event: &Event,
    tx: &dyn Texts,
    subtitle: String,
) -> crate::render::standings::Sheet {
    let table = standings(event);
    let order = TieBreak::order(event.format);
    let [place, player, points, games] = tx.standings_columns();
    let cross = matches!(event.format, Format::RoundRobin { .. }) && event.players.len() <= 12;
    let mut columns = vec![place, player];
    if cross {
        columns.extend((1..=event.players.len()).map(|i| i.to_string()));
    }
    columns.push(points);
    columns.push(games);
    columns.extend(order.iter().map(|tb| tx.tie_break(*tb)));
    // A crosstable lists players in seed order under their numbers; standings by rank.
    let rows_in: Vec<&crate::game::tournament::Standing> = if cross {
        let mut by_seed: Vec<_> = table.iter().collect();
        by_seed.sort_by_key(|l| l.player);
        by_seed
    } else {
        table.iter().collect()
    };
    let rows = rows_in
        .iter()
        .map(|l| {
            let mut r = vec![
                if cross {
                    format!("{} ({})", l.player, l.rank)
                } else {
                    l.rank.to_string()
                },
                event.players[l.player.index()].name.clone(),
            ];
            if cross {
                for o in event.seeds() {
                    r.push(if o == l.player {
                        "×".into()
                    } else {
                        crate::game::tournament::standings::crosstable_cell(event, l.player, o)
                    });
                }
            }
            r.push(match event.format {
                Format::Arena { .. } => l.points.0.to_string(),
                _ => l.points.to_string(),
            });
            r.push(l.played.to_string());
            r.extend(order.iter().zip(&l.tie_breaks).map(|(tb, v)| tb.show(*v)));
            r
        })
        .collect();
    let leaders = if cross {
        0
    } else {
        table.iter().filter(|l| l.rank == 1).count()
    };
    crate::render::standings::Sheet {
        title: format!(
            "{} · {}",
            tx.tournament_format(t.settings.format),
            tx.game_variant(&t.settings.variant)
        ),
        subtitle,
        columns,
        name_columns: vec![1],
        rows,
        leaders,
    }
}

/// The entry message's text.
pub fn entry_text(t: &TournamentRecord, tx: &dyn Texts) -> String {
    let hhmm = |ts: crate::game::Timestamp| {
        let (_, _, _, h, m) = civil(ts.0);
        format!("{h:02}:{m:02} UTC")
    };
    let stage = match t.status {
        TournamentStatus::Draft => Stage::Draft,
        TournamentStatus::Running => Stage::Running,
        TournamentStatus::Paused => Stage::Paused,
        TournamentStatus::Finished { .. } => Stage::Finished,
        TournamentStatus::Cancelled { .. } => Stage::Cancelled,
    };
    let view = EntryView {
        format: t.settings.format,
        variant: tx.game_variant(&t.settings.variant),
        time: tx.time_control(&t.settings.time_control),
        rated: t.settings.rated,
        starts_at: t.settings.starts_at.map(hhmm),
        entrants: t
            .event
            .seeds()
            .map(|s| {
                (
                    seed_mention(t, s),
                    t.event.players[s.index()].withdrew.is_some(),
                )
            })
            .collect(),
        stage,
        round: (t.event.rounds.len() as u32, t.event.total_rounds()),
        ends_at: t.ends_at.map(hhmm),
        first_move: tx.time_control(&TimeControl::PerMove {
            limit: t.settings.first_move,
        }),
    };
    tx.tournament_entry(&view)
}

/// Tournament `t` changed: its pages hear of it at once, and its entry message is edited
/// by one sender in the background, which takes the record as it stands when the
/// group's pace lets the edit go. A tap that changed the entry (Join, Leave, an admin's
/// button) so never waits for the group's pace, and a wave of Joins is one edit a turn of
/// the pace, not one each.
pub fn entry_changed(app: &App, t: &TournamentRecord) {
    app.views.pages().tournament_changed(t.id, t.version);
    if t.message.is_none() || !app.tasks.entry_changed(t.id.0) {
        return;
    }
    let (app, id) = (app.clone(), t.id);
    tokio::spawn(async move {
        while app.tasks.entry_next(id.0) {
            match app.games.run(move |s| s.tournament(id)).await {
                Ok(rec) => {
                    let tx = texts(app.chat_lang(rec.chat, None).await);
                    refresh_entry(&app, &rec, tx).await;
                }
                Err(e) => {
                    tracing::debug!(tournament = %id, error = %e, "an entry message's record")
                }
            }
        }
    });
}

/// Show the entry message as the record stands (its text and buttons).
pub async fn refresh_entry(app: &App, t: &TournamentRecord, tx: &dyn Texts) {
    // Whatever changed the entry changed the record: its pages hear of it too.
    app.views.pages().tournament_changed(t.id, t.version);
    let Some(message) = t.message else { return };
    let text = entry_text(t, tx);
    let mut kb = keyboard::tournament(t.id, t.status, tx);
    // Once it has begun, the entry also opens its page: an arena tells no rounds, so this
    // is where its live games and standings are reached while it runs.
    if t.status != TournamentStatus::Draft
        && let Some(page) = page_button(app, t, tx)
    {
        let rows = kb.map(|k| k.inline_keyboard).unwrap_or_default();
        kb = Some(teloxide::types::InlineKeyboardMarkup::new(
            rows.into_iter().chain(page.inline_keyboard),
        ));
    }
    let chat = teloxide::types::ChatId(t.chat.0);
    let id = teloxide::types::MessageId(message.0);
    let r = telegram::call(app.tg.pacer(), t.chat.0, telegram::Kind::Edit, || {
        let mut req = app
            .tg
            .bot()
            .edit_message_text(chat, id, text.clone())
            .parse_mode(ParseMode::Html);
        if let Some(k) = &kb {
            req = req.reply_markup(k.clone());
        }
        req
    })
    .await;
    if let Err(e) = r
        && !telegram::not_modified(&e)
    {
        tracing::debug!(error = %e, "could not refresh a tournament's entry message");
    }
}

#[cfg(test)]
mod tests {
    use super::{fit, visible};

    #[test]
    fn a_captions_length_is_what_telegram_counts() {
        assert_eq!(
            visible("<a href=\"tg://user?id=1\">Anna</a> &amp; Boris"),
            12
        );
        assert_eq!(visible("1 &lt; 2"), 5);
        let lines: String = (1..=50)
            .map(|i| format!("{i}. <a href=\"https://t.me/b/a?startapp=x{i}\">board</a>\n"))
            .collect();
        let cut = fit(lines.clone(), 100);
        assert!(visible(&cut) <= 100, "{cut}");
        assert!(cut.ends_with('…'));
        // Whole lines only: every link that is kept is closed.
        assert_eq!(cut.matches("<a ").count(), cut.matches("</a>").count());
        assert_eq!(fit("short".into(), 100), "short");
    }
}

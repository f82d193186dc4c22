//! Tournaments in a group, end to end against the fake Bot API with Telegram's limits:
//! simulated players enter, are paired, play (resign, agree draws, do not come, withdraw)
//! and see the standings; what the bot stores is checked against the rules and the
//! standings against a computation of their own, here.

use crate::common::harness::*;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;
use std::time::Duration;
use ugolki_bot::bot::testing::{Callback, TournamentAct};
use ugolki_bot::engine::Color;
use ugolki_bot::fakeapi::{Call, TgChat, TgUser};
use ugolki_bot::game::tournament::{
    Colour, GameResult, RoundEntry, Seed, TableResult, TieBreak, standings,
};
use ugolki_bot::game::{
    AnyRecord, ChatId, GameId, Millis, RecordKind, Status, TournamentRecord, TournamentStatus,
};

fn field(n: usize) -> Vec<TgUser> {
    (0..n)
        .map(|i| TgUser::new(300 + i as i64, &format!("Player{}", i + 1), "en"))
        .collect()
}

/// The group's tournaments as stored.
fn tournaments(h: &Harness, chat: &TgChat) -> Vec<TournamentRecord> {
    let mut out = Vec::new();
    h.store
        .scan(RecordKind::Tournament, &mut |r| {
            if let AnyRecord::Tournament(t) = r
                && t.chat == ChatId(chat.id())
            {
                out.push(t);
            }
            ControlFlow::Continue(())
        })
        .expect("a scan");
    out
}

/// Wait until the group's one tournament satisfies `pred`.
async fn until(
    h: &Harness,
    chat: &TgChat,
    what: &str,
    pred: impl Fn(&TournamentRecord) -> bool,
) -> TournamentRecord {
    let deadline = tokio::time::Instant::now() + WAIT * 12;
    loop {
        if let Some(t) = tournaments(h, chat).into_iter().next()
            && pred(&t)
        {
            return t;
        }
        if tokio::time::Instant::now() > deadline {
            panic!("waited for {what}: {:?}", tournaments(h, chat));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The entry message: `admin` opens it with `command`.
async fn open(h: &Harness, chat: &TgChat, admin: &TgUser, command: &str) -> Call {
    let c0 = h.cursor();
    h.api.send_text(chat, admin, command);
    h.expect(c0, "the entry message", |c| {
        c.is("SendMessage") && c.text().is_some_and(|t| t.contains("🏆")) && !c.buttons().is_empty()
    })
    .await
}

fn act_button(entry: &Call, act: TournamentAct) -> String {
    button(
        entry,
        "",
        |cb| matches!(cb, Callback::Tournament { act: a, .. } if *a == act),
    )
}

/// `who` taps `act` on the entry message; the tap's answer.
async fn tap(h: &Harness, chat: &TgChat, entry: &Call, who: &TgUser, act: TournamentAct) -> Call {
    let c0 = h.cursor();
    let id = h
        .api
        .tap(chat, who, message_id(entry), &act_button(entry, act));
    h.expect(c0, "the tap's answer", |c| {
        c.is("AnswerCallbackQuery") && c.params["callback_query_id"] == id
    })
    .await
}

fn answer_text(c: &Call) -> String {
    c.params["text"].as_str().unwrap_or_default().to_string()
}

/// The game of a pairing, with its players as users.
fn game(h: &Harness, id: GameId) -> ugolki_bot::game::GameRecord {
    h.store.game(id).expect("a read").expect("the game")
}

fn user(users: &[TgUser], id: Option<ugolki_bot::game::UserId>) -> &TgUser {
    let id = id.expect("a person").0 as i64;
    users.iter().find(|u| u.id == id).expect("one of the field")
}

/// End game `id` as `result`: the loser resigns, or both offer a draw.
async fn decide(h: &Harness, chat: &TgChat, users: &[TgUser], id: GameId, result: GameResult) {
    let g = game(h, id);
    let white = user(users, g.player(Color::White).user());
    let black = user(users, g.player(Color::Black).user());
    match result {
        GameResult::White => resign(h, chat, black, id).await,
        GameResult::Black => resign(h, chat, white, id).await,
        GameResult::Draw => {
            // A draw needs a move each first.
            h.api.send_text(chat, white, "/m c3-d3");
            wait_ply(h, id, 1).await;
            h.api.send_text(chat, black, "/m f6-e6");
            wait_ply(h, id, 2).await;
            h.api.send_text(chat, white, "/draw");
            tokio::time::sleep(Duration::from_millis(300)).await;
            h.api.send_text(chat, black, "/draw");
        }
        other => panic!("not played over the board: {other:?}"),
    }
    let deadline = tokio::time::Instant::now() + WAIT * 3;
    while game(h, id).is_active() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "game {id} did not end"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// `who` resigns game `id`: `/resign`, then Yes on the confirmation.
async fn resign(h: &Harness, chat: &TgChat, who: &TgUser, id: GameId) {
    let c0 = h.cursor();
    h.api.send_text(chat, who, "/resign");
    let mine = |cb: &Callback| matches!(cb, Callback::Resign { game } if *game == id);
    // The group's pace is shared with the round's other boards: a reply may wait its turn.
    let confirm = h
        .api
        .wait_for(c0, WAIT * 6, |c| {
            c.is("SendMessage") && has_button(&c.buttons(), mine)
        })
        .await
        .expect("the confirmation");
    let yes = button(&confirm, "", mine);
    h.api.tap(chat, who, message_id(&confirm), &yes);
}

async fn wait_ply(h: &Harness, id: GameId, ply: u32) {
    let deadline = tokio::time::Instant::now() + WAIT * 3;
    while game(h, id).ply() < ply {
        assert!(
            tokio::time::Instant::now() < deadline,
            "game {id}: no ply {ply}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// What the test itself saw, round by round: (white, black, result) by seed, and byes.
#[derive(Default)]
struct Tally {
    games: Vec<Vec<(Seed, Seed, GameResult)>>,
    byes: Vec<Option<Seed>>,
}

impl Tally {
    fn entries(&self, p: Seed) -> Vec<RoundEntry> {
        self.games
            .iter()
            .zip(&self.byes)
            .map(|(round, bye)| {
                if *bye == Some(p) {
                    return RoundEntry::Bye;
                }
                match round.iter().find(|(w, b, _)| *w == p || *b == p) {
                    Some(&(w, b, r)) => RoundEntry::Game {
                        opponent: if w == p { b } else { w },
                        colour: if w == p { Colour::White } else { Colour::Black },
                        result: Some(r),
                    },
                    None => RoundEntry::Absent,
                }
            })
            .collect()
    }

    /// Points in half points.
    fn score(&self, p: Seed) -> i64 {
        self.entries(p).iter().map(|e| e.half_points() as i64).sum()
    }

    /// The tie-breaks by their FIDE definitions (Handbook C.07), written out again here:
    /// direct encounter is left to the group of ties; wins over the board; Buchholz with a
    /// virtual opponent for each round without a game; Sonneborn-Berger in quarter points.
    fn tie_breaks(&self, p: Seed) -> (i64, i64, i64, i64) {
        let rounds = self.games.len();
        let mut wins = 0;
        let mut opp = Vec::new();
        let mut sb = 0;
        let mut before = 0i64;
        for (r, e) in self.entries(p).iter().enumerate() {
            match *e {
                RoundEntry::Game {
                    opponent,
                    colour,
                    result: Some(res),
                } if res.played() => {
                    let os = self.score(opponent);
                    opp.push(os);
                    let mine = res.half_points(colour) as i64;
                    if mine == 2 {
                        wins += 1;
                        sb += 2 * os;
                    } else if mine == 1 {
                        sb += os;
                    }
                }
                _ => opp
                    .push(before + (2 - (e.half_points() as i64).min(2)) + (rounds - r - 1) as i64),
            }
            before += e.half_points() as i64;
        }
        let bh: i64 = opp.iter().sum();
        let cut = bh - opp.iter().min().copied().unwrap_or(0);
        (wins, cut, bh, sb)
    }
}

/// An 8-player Swiss of 3 rounds in a group, played to its end by simulated players with
/// the production pacing: entries (one tapped twice, a Start by a non-admin, a forged
/// button), a draw, a player who does not come (a forfeit), a withdrawal mid-round, a bye;
/// every round's pairings checked against the absolute criteria, and the final standings
/// with their tie-breaks against the test's own computation.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_swiss_of_eight_in_a_group_is_played_to_its_end() {
    let h = Harness::start().await;
    let chat = group();
    let users = field(8);
    let admin = users[0].clone();
    h.api.set_admins(chat.id(), &[admin.id]);
    // Garbage is refused with the usage.
    let c0 = h.cursor();
    h.api.send_text(&chat, &admin, "/tournament knockout 5");
    h.expect(c0, "the usage", |c| {
        c.is("SendMessage") && c.text().is_some_and(|t| t.contains("/tournament swiss"))
    })
    .await;
    // A non-admin cannot open one.
    let c0 = h.cursor();
    h.api.send_text(&chat, &users[1], "/tournament swiss 3");
    h.expect(c0, "admins only", |c| {
        c.is("SendMessage") && c.text().is_some_and(|t| t.contains("admins"))
    })
    .await;
    let entry = open(
        &h,
        &chat,
        &admin,
        "/tournament swiss 3 classic casual first 5m",
    )
    .await;
    assert!(tournaments(&h, &chat).len() == 1);
    // A second one while this one is open is refused.
    let c0 = h.cursor();
    h.api.send_text(&chat, &admin, "/tournament arena 30");
    h.expect(c0, "already open", |c| {
        c.is("SendMessage")
            && c.text()
                .is_some_and(|t| t.contains("already has a tournament"))
    })
    .await;
    for u in &users {
        let a = tap(&h, &chat, &entry, u, TournamentAct::Join).await;
        assert!(answer_text(&a).contains("You are in"), "{a:?}");
    }
    let twice = tap(&h, &chat, &entry, &users[3], TournamentAct::Join).await;
    assert!(answer_text(&twice).contains("entered already"), "{twice:?}");
    assert_eq!(
        until(&h, &chat, "8 entries", |t| t.people.len() == 8)
            .await
            .people
            .len(),
        8
    );
    // A non-admin's Start changes nothing.
    let refused = tap(&h, &chat, &entry, &users[5], TournamentAct::Start).await;
    assert!(answer_text(&refused).contains("admins"), "{refused:?}");
    assert_eq!(tournaments(&h, &chat)[0].status, TournamentStatus::Draft);
    // A forged button for another tournament is refused.
    let c0 = h.cursor();
    let forged = Callback::Tournament {
        id: ugolki_bot::game::TournamentId(999_999),
        act: TournamentAct::Start,
    }
    .encode();
    let qid = h.api.tap(&chat, &admin, message_id(&entry), &forged);
    h.expect(c0, "a refusal", |c| {
        c.is("AnswerCallbackQuery")
            && c.params["callback_query_id"] == qid
            && c.params["show_alert"] == true
    })
    .await;
    assert_eq!(tournaments(&h, &chat)[0].status, TournamentStatus::Draft);

    let c_start = h.cursor();
    tap(&h, &chat, &entry, &admin, TournamentAct::Start).await;
    let mut tally = Tally::default();
    let seed_of = |t: &TournamentRecord, u: &TgUser| {
        t.seed_of(ugolki_bot::game::UserId(u.id as u64))
            .expect("entered")
    };

    // Round 1: a win each way, a draw, and a White who never moves (a forfeit).
    let t = until(&h, &chat, "round 1", |t| t.games.len() == 1).await;
    let pairings = h
        .expect_in_group(c_start, "round 1's pairings", |c| {
            c.is("SendPhoto") && c.text().is_some_and(|t| t.contains("Round 1 of 3"))
        })
        .await;
    // The pairings are a picture (kept for a person to look at) with the boards as text.
    let png = pairings.upload().expect("the pairings picture");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let dir =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/tournament-pictures");
    std::fs::create_dir_all(&dir).expect("a directory for the pictures");
    std::fs::write(dir.join("swiss-round-1-pairings.png"), png).expect("the picture kept");
    let caption = pairings.text().unwrap_or_default();
    assert_eq!(
        caption.lines().filter(|l| l.contains(" – ")).count(),
        4,
        "four boards: {caption}"
    );
    let r1: Vec<GameId> = t.games[0].iter().map(|g| g.expect("a game")).collect();
    assert_eq!(r1.len(), 4);
    decide(&h, &chat, &users, r1[0], GameResult::White).await;
    decide(&h, &chat, &users, r1[1], GameResult::Draw).await;
    decide(&h, &chat, &users, r1[2], GameResult::Black).await;
    let no_show = game(&h, r1[3]);
    let c_forfeit = h.cursor();
    h.advance_clock(Millis::secs(330));
    h.expect_in_group(c_forfeit, "the forfeit told", |c| {
        c.is("SendMessage") && c.text().is_some_and(|t| t.contains("loses by forfeit"))
    })
    .await;
    let t = until(&h, &chat, "round 2", |t| t.games.len() == 2).await;
    assert!(
        matches!(game(&h, r1[3]).status, Status::Aborted { .. }),
        "the no-show's game is called off"
    );
    let results = [
        GameResult::White,
        GameResult::Draw,
        GameResult::Black,
        GameResult::BlackByForfeit,
    ];
    tally.games.push(
        t.event.rounds[0]
            .pairings
            .iter()
            .zip(results)
            .map(|(p, r)| (p.white, p.black, r))
            .collect(),
    );
    tally.byes.push(None);
    assert_eq!(
        t.event.rounds[0].pairings[3].result,
        Some(GameResult::BlackByForfeit)
    );
    assert_eq!(no_show.ply(), 0);

    // Round 2: one player withdraws mid-round (their game is lost), the rest are won by
    // the lower number.
    check_round(&t, 1);
    let r2: Vec<GameId> = t.games[1].iter().map(|g| g.expect("a game")).collect();
    let quitter_game = game(&h, r2[1]);
    let quitter = user(&users, quitter_game.player(Color::Black).user()).clone();
    let left = tap(&h, &chat, &entry, &quitter, TournamentAct::Leave).await;
    assert!(answer_text(&left).contains("withdrew"), "{left:?}");
    let mut round2 = Vec::new();
    for (i, p) in t.event.rounds[1].pairings.iter().enumerate() {
        let r = if i == 1 || p.white < p.black {
            GameResult::White
        } else {
            GameResult::Black
        };
        if i != 1 {
            decide(&h, &chat, &users, r2[i], r).await;
        }
        round2.push((p.white, p.black, r));
    }
    let t = until(&h, &chat, "round 3", |t| t.games.len() == 3).await;
    tally.games.push(round2);
    tally.byes.push(None);
    let statuses: Vec<_> = t.games[1]
        .iter()
        .map(|g| g.map(|g| (game(&h, g).status, game(&h, g).ply())))
        .collect();
    assert_eq!(
        t.event.rounds[1].pairings[1].result,
        Some(GameResult::White),
        "the withdrawal lost: {:?} {statuses:?}",
        t.event.rounds[1]
    );

    // Round 3: seven left, so a bye; the lower number wins.
    check_round(&t, 2);
    let q = seed_of(&t, &quitter);
    assert!(
        t.event.rounds[2]
            .pairings
            .iter()
            .all(|p| p.white != q && p.black != q),
        "a withdrawn player is not paired"
    );
    let bye = t.event.rounds[2].bye.expect("a bye for an odd field");
    let mut round3 = Vec::new();
    for (i, p) in t.event.rounds[2].pairings.iter().enumerate() {
        let r = if p.white < p.black {
            GameResult::White
        } else {
            GameResult::Black
        };
        decide(&h, &chat, &users, t.games[2][i].expect("a game"), r).await;
        round3.push((p.white, p.black, r));
    }
    let t = until(&h, &chat, "the end", |t| {
        matches!(t.status, TournamentStatus::Finished { .. }) && t.end_told
    })
    .await;
    tally.games.push(round3);
    tally.byes.push(Some(bye));

    // Every result stored as the players made it.
    for (k, round) in tally.games.iter().enumerate() {
        let stored: Vec<_> = t.event.rounds[k]
            .pairings
            .iter()
            .map(|p| (p.white, p.black, p.result.expect("a result")))
            .collect();
        assert_eq!(&stored, round, "round {}", k + 1);
    }
    // The standings: the bot's against the test's own computation.
    let table = standings(&t.event);
    assert_eq!(
        TieBreak::order(t.event.format),
        [
            TieBreak::DirectEncounter,
            TieBreak::Wins,
            TieBreak::BuchholzCut1,
            TieBreak::Buchholz,
            TieBreak::SonnebornBerger
        ]
    );
    for line in &table {
        let p = line.player;
        assert_eq!(i64::from(line.points.0), tally.score(p), "{p}'s points");
        let (wins, cut, bh, sb) = tally.tie_breaks(p);
        assert_eq!(
            line.tie_breaks[1..],
            [wins, cut, bh, sb],
            "{p}'s tie-breaks"
        );
    }
    assert!(
        table
            .windows(2)
            .all(|w| (w[0].points, &w[0].tie_breaks) >= (w[1].points, &w[1].tie_breaks))
    );
    // The winner announced once, with the final standings as a picture.
    let winner = &t.event.players[table[0].player.index()].name;
    h.settle().await;
    let end = h
        .api
        .calls()
        .into_iter()
        .find(|c| {
            c.is("SendPhoto")
                && c.text().is_some_and(|t| {
                    t.contains("wins the tournament") || t.contains("Shared first place")
                })
        })
        .expect("the winner announced with the standings");
    if table[1].rank > 1 {
        assert!(
            end.text().unwrap_or_default().contains(winner.as_str()),
            "{end:?}"
        );
    }
    let announced = h
        .api
        .calls()
        .iter()
        .filter(|c| c.response.is_ok())
        .filter(|c| {
            c.text().is_some_and(|t| {
                t.contains("wins the tournament") || t.contains("Shared first place")
            })
        })
        .count();
    assert_eq!(announced, 1, "the end is told once");
    // Delivered messages (a call refused by a limit and sent again is one message).
    let pairings: Vec<String> = h
        .api
        .calls()
        .iter()
        .filter(|c| c.is("SendPhoto") && c.response.is_ok())
        .filter_map(|c| c.text().filter(|t| t.contains(": pairings")))
        .collect();
    assert_eq!(
        pairings.len(),
        3,
        "one pairings message a round: {pairings:#?}"
    );
    // `/tournaments` lists it with its winner.
    let c0 = h.cursor();
    h.api.send_text(&chat, &users[2], "/tournaments");
    h.expect_in_group(c0, "the list", |c| {
        c.is("SendMessage")
            && c.text()
                .is_some_and(|t| t.contains("Swiss, 3 rounds") && t.contains("won by"))
    })
    .await;
    h.assert_within_limits();
}

/// The absolute criteria of round `k` (0-based) of a stored Swiss: no rematch, no second
/// bye, no colour three times running, no colour difference beyond two.
fn check_round(t: &TournamentRecord, k: usize) {
    let e = &t.event;
    let mut met = BTreeSet::new();
    for r in &e.rounds[..k] {
        for p in &r.pairings {
            met.insert((p.white.min(p.black), p.white.max(p.black)));
        }
    }
    for p in &e.rounds[k].pairings {
        assert!(
            !met.contains(&(p.white.min(p.black), p.white.max(p.black))),
            "round {}: a rematch {p:?}",
            k + 1
        );
    }
    if let Some(b) = e.rounds[k].bye {
        assert!(
            e.rounds[..k].iter().all(|r| r.bye != Some(b)),
            "a second bye"
        );
    }
    for s in e.seeds() {
        let colours: Vec<Colour> = e.rounds[..=k]
            .iter()
            .filter_map(|r| {
                r.pairings.iter().find_map(|p| {
                    p.colour_of(s)
                        .filter(|_| p.result.is_none_or(GameResult::played))
                })
            })
            .collect();
        let whites = colours.iter().filter(|c| **c == Colour::White).count() as i64;
        assert!(
            (2 * whites - colours.len() as i64).abs() <= 2,
            "{s}: {colours:?}"
        );
        assert!(
            !colours.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
            "{s}: {colours:?}"
        );
    }
}

/// A round-robin of five: five rounds, each with a bye that rotates (everyone sits out
/// once), everyone meets everyone; the crosstable ranks by Sonneborn-Berger.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_round_robin_of_five_rotates_its_byes() {
    let h = Harness::start().await;
    let chat = group();
    let users = field(5);
    h.api.set_admins(chat.id(), &[users[0].id]);
    let entry = open(
        &h,
        &chat,
        &users[0],
        "/tournament roundrobin classic casual",
    )
    .await;
    for u in &users {
        tap(&h, &chat, &entry, u, TournamentAct::Join).await;
    }
    tap(&h, &chat, &entry, &users[0], TournamentAct::Start).await;
    // A late entry is refused once a round-robin has started.
    let late = tap(
        &h,
        &chat,
        &entry,
        &TgUser::new(399, "Late", "en"),
        TournamentAct::Join,
    )
    .await;
    assert!(answer_text(&late).contains("has started"), "{late:?}");
    let mut byes = BTreeMap::new();
    for k in 0..5 {
        let t = until(&h, &chat, "the next round", |t| t.games.len() == k + 1).await;
        let round = &t.event.rounds[k];
        *byes.entry(round.bye.expect("a bye")).or_insert(0) += 1;
        assert_eq!(round.pairings.len(), 2);
        for (i, p) in round.pairings.iter().enumerate() {
            // The lower number wins, but player 5 draws its games.
            let r = if p.white.0 == 4 || p.black.0 == 4 {
                GameResult::Draw
            } else if p.white < p.black {
                GameResult::White
            } else {
                GameResult::Black
            };
            decide(&h, &chat, &users, t.games[k][i].expect("a game"), r).await;
        }
    }
    let t = until(&h, &chat, "the end", |t| {
        matches!(t.status, TournamentStatus::Finished { .. }) && t.end_told
    })
    .await;
    assert_eq!(byes.len(), 5, "each player sat out once: {byes:?}");
    let mut pairs = BTreeSet::new();
    for r in &t.event.rounds {
        for p in &r.pairings {
            assert!(
                pairs.insert((p.white.min(p.black), p.white.max(p.black))),
                "a rematch"
            );
        }
    }
    assert_eq!(pairs.len(), 10);
    // By hand: player 1 beats 2, 3, 4 and draws 5: 3½. Player 2: 2½; 3: 1½; 4: ½;
    // 5 draws all four: 2.
    let table = standings(&t.event);
    let points: Vec<(u32, u32)> = table.iter().map(|l| (l.player.0 + 1, l.points.0)).collect();
    assert_eq!(points, vec![(1, 7), (2, 5), (5, 4), (3, 3), (4, 1)]);
    // Sonneborn-Berger (quarter points): player 5 drew everyone: ½·(3½+2½+1½+½) = 4.
    let five = table.iter().find(|l| l.player == Seed(4)).unwrap();
    assert_eq!(five.tie_breaks[0], 7 + 5 + 3 + 1);
    h.assert_within_limits();
}

/// A ten-minute arena of six: players are paired again as their games end, never with
/// their last opponent at once; when the time is up no game is paired, and the arena
/// ends with its standings (points with streaks).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_ten_minute_arena_of_six_pairs_as_games_end() {
    let h = Harness::start().await;
    let chat = group();
    let users = field(6);
    h.api.set_admins(chat.id(), &[users[0].id]);
    let entry = open(
        &h,
        &chat,
        &users[0],
        "/tournament arena 10 classic casual first 30m",
    )
    .await;
    for u in &users {
        tap(&h, &chat, &entry, u, TournamentAct::Join).await;
    }
    tap(&h, &chat, &entry, &users[0], TournamentAct::Start).await;
    let mut decided = BTreeSet::new();
    let over =
        |t: &TournamentRecord| matches!(t.status, TournamentStatus::Finished { .. }) && t.end_told;
    let mut advanced = false;
    let t = loop {
        let t = until(&h, &chat, "a wave or the end", |t| {
            over(t) || t.games.iter().flatten().flatten().count() > decided.len()
        })
        .await;
        if over(&t) {
            break t;
        }
        for (r, round) in t.event.rounds.iter().enumerate() {
            for (b, p) in round.pairings.iter().enumerate() {
                let Some(id) = t.games[r][b] else { continue };
                if p.result.is_some() || !decided.insert(id) {
                    continue;
                }
                // Nobody plays two games of the arena at once.
                for s in [p.white, p.black] {
                    let busy = t
                        .event
                        .rounds
                        .iter()
                        .flat_map(|r| &r.pairings)
                        .filter(|q| q.result.is_none() && (q.white == s || q.black == s))
                        .count();
                    assert_eq!(busy, 1, "{s} in two games at once");
                }
                let r = if p.white < p.black {
                    GameResult::White
                } else {
                    GameResult::Black
                };
                decide(&h, &chat, &users, id, r).await;
            }
        }
        // After four waves the ten minutes are up (the bot's clock is moved on).
        if !advanced && t.event.rounds.len() >= 4 {
            h.advance_clock(Millis::minutes(10));
            advanced = true;
        }
    };
    assert!(advanced, "four waves were paired");
    // Never the same opponent twice running.
    for s in t.event.seeds() {
        let opps: Vec<Seed> = t
            .event
            .history(s)
            .iter()
            .filter_map(RoundEntry::opponent)
            .collect();
        assert!(opps.windows(2).all(|w| w[0] != w[1]), "{s}: {opps:?}");
    }
    // Points by hand, game by game: 2 a win, doubled after two wins running, 0 a loss.
    let table = standings(&t.event);
    for line in &table {
        let mut streak = 0;
        let mut points = 0;
        for e in t.event.history(line.player) {
            if let RoundEntry::Game {
                colour,
                result: Some(r),
                ..
            } = e
            {
                if r.half_points(colour) == 2 {
                    points += if streak >= 2 { 4 } else { 2 };
                    streak += 1;
                } else {
                    streak = 0;
                }
            }
        }
        assert_eq!(line.points.0, points, "{}'s arena points", line.player);
    }
    assert!(table.windows(2).all(|w| w[0].points >= w[1].points));
    // Player 1 wins every game they play.
    let p1 = table.iter().find(|l| l.player == Seed(0)).unwrap();
    assert!(p1.played >= 2, "{p1:?}");
    h.assert_within_limits();
}

/// A wave of Joins, as when a club's members all tap at once: every tap is answered, and
/// the entry message, edited at the group's pace, follows in a few edits rather than one
/// a Join (a person's taps wait for nothing the group's pace holds).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_wave_of_joins_is_answered_and_shown_in_a_few_edits() {
    let h = Harness::start().await;
    let chat = group();
    let users = field(12);
    h.api.set_admins(chat.id(), &[users[0].id]);
    let entry = open(&h, &chat, &users[0], "/tournament swiss 3 classic casual").await;
    let c0 = h.cursor();
    let join = act_button(&entry, TournamentAct::Join);
    let taps: Vec<String> = users
        .iter()
        .map(|u| h.api.tap(&chat, u, message_id(&entry), &join))
        .collect();
    for id in &taps {
        h.expect(c0, "a Join's answer", |c| {
            c.is("AnswerCallbackQuery") && c.params["callback_query_id"] == *id
        })
        .await;
    }
    h.expect_in_group(c0, "the entry with all twelve", |c| {
        c.is("EditMessageText") && c.text().is_some_and(|t| t.contains("Players (12)"))
    })
    .await;
    let edits = h
        .api
        .calls_since(c0)
        .iter()
        .filter(|c| c.is("EditMessageText") && c.chat_id() == Some(chat.id()))
        .count();
    assert!(edits <= 4, "{edits} edits of the entry for 12 Joins");
    let t = until(&h, &chat, "twelve entrants", |t| t.people.len() == 12).await;
    assert_eq!(t.people.len(), 12);
    h.assert_within_limits();
}

/// A table of the arena as it plays out in the group: White moves (a legal turn typed
/// with `/m`), then Green's and Black's players leave on their turns (`/resign`, Yes),
/// the program plays their seats to the end of the round, and the table ends White 1st,
/// Black 2nd, Green 3rd (RULES.md §14: who left first is lower).
async fn white_wins_the_table(h: &Harness, chat: &TgChat, users: &[TgUser], id: GameId) {
    use ugolki_bot::engine::multi::Seat;
    let g = game(h, id);
    let white = user(users, g.player(Seat::White).user());
    let pos = g.replay().expect("a replay");
    let pos = pos.multi().expect("a table").position();
    let path = pos.path(pos.legal_turns()[0]).expect("a move");
    h.api.send_text(chat, white, &format!("/m {path}"));
    wait_ply(h, id, 1).await;
    for seat in [Seat::Green, Seat::Black] {
        let who = user(users, g.player(seat).user());
        resign(h, chat, who, id).await;
        let deadline = tokio::time::Instant::now() + WAIT * 6;
        while !game(h, id).left().has(seat) {
            assert!(
                tokio::time::Instant::now() < deadline,
                "{seat:?} did not leave"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    let deadline = tokio::time::Instant::now() + WAIT * 6;
    while game(h, id).is_active() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "table {id} did not end"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// An arena of tables of three in a group (Halma for three): four players, so one sits
/// out each wave. Its tables are posted in the group; a finished table's players are
/// seated again with the one who waited, never as the same table; places score 2 for each
/// player below; when the time is up the arena ends with its standings.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_arena_of_tables_of_three_seats_and_scores_by_place() {
    let h = Harness::start().await;
    let chat = group();
    let users = field(4);
    h.api.set_admins(chat.id(), &[users[0].id]);
    let entry = open(
        &h,
        &chat,
        &users[0],
        "/tournament arena 10 halma3 casual first 30m",
    )
    .await;
    for u in &users {
        tap(&h, &chat, &entry, u, TournamentAct::Join).await;
    }
    let c0 = h.cursor();
    tap(&h, &chat, &entry, &users[0], TournamentAct::Start).await;
    let t = until(&h, &chat, "the first table", |t| t.games.len() == 1).await;
    let first = t.event.rounds[0].tables[0].clone();
    assert_eq!(first.seats.len(), 3);
    let id = t.games[0][0].expect("the table's game");
    // The table's board is in the group, naming its three players.
    let board = h
        .expect_in_group(c0, "the table's board", |c| {
            c.is("SendPhoto")
                && c.chat_id() == Some(chat.id())
                && first.seats.iter().all(|s| {
                    let name = &t.event.players[s.index()].name;
                    c.text().is_some_and(|x| x.contains(name.as_str()))
                })
        })
        .await;
    assert!(!board.buttons().is_empty(), "a board to play on");
    white_wins_the_table(&h, &chat, &users, id).await;
    let t = until(&h, &chat, "the second wave", |t| t.event.rounds.len() == 2).await;
    assert_eq!(
        t.event.rounds[0].tables[0].result,
        Some(TableResult::Places(vec![1, 3, 2]))
    );
    // The one who waited sits with White and Black of the first table; its Green waits.
    let waited = t
        .event
        .seeds()
        .find(|s| !first.seats.contains(s))
        .expect("one waited");
    let mut second = t.event.rounds[1].tables[0].seats.clone();
    second.sort();
    let mut expect = vec![first.seats[0], first.seats[2], waited];
    expect.sort();
    assert_eq!(second, expect);
    // The time is up: the table in play finishes, nothing more is seated, and the arena
    // ends.
    h.advance_clock(Millis::minutes(10));
    let id2 = t.games[1][0].expect("the second table's game");
    white_wins_the_table(&h, &chat, &users, id2).await;
    let c1 = h.cursor();
    let t = until(&h, &chat, "the end", |t| {
        matches!(t.status, TournamentStatus::Finished { .. }) && t.end_told
    })
    .await;
    assert_eq!(t.event.rounds.len(), 2, "nothing seated after the time");
    // Points by hand: 2 for each player placed below, doubled on a streak of two wins.
    let table = standings(&t.event);
    for line in &table {
        let (mut points, mut streak) = (0, 0);
        for r in &t.event.rounds {
            for tb in &r.tables {
                let Some(i) = tb.seats.iter().position(|s| *s == line.player) else {
                    continue;
                };
                let Some(TableResult::Places(places)) = &tb.result else {
                    continue;
                };
                let below = places.iter().filter(|p| **p > places[i]).count() as u32;
                let level = places.iter().filter(|p| **p == places[i]).count() as u32 - 1;
                let won = places[i] == 1 && below > 0;
                let p = 2 * below + level;
                points += if streak >= 2 { 2 * p } else { p };
                streak = if won { streak + 1 } else { 0 };
            }
        }
        assert_eq!(line.points.0, points, "{}'s arena points", line.player);
    }
    assert!(table.windows(2).all(|w| w[0].points >= w[1].points));
    let end = h
        .expect_in_group(c1, "the final standings", |c| {
            c.is("SendPhoto")
                && c.text().is_some_and(|t| {
                    t.contains("wins the tournament") || t.contains("Shared first place")
                })
        })
        .await;
    let said = end.text().unwrap_or_default();
    for line in table.iter().filter(|l| l.rank == 1) {
        let winner = &t.event.players[line.player.index()].name;
        assert!(said.contains(winner.as_str()), "{winner} in {said}");
    }
    h.assert_within_limits();
}

/// A restart in the middle of a round: the round goes on, the next round is paired
/// exactly once, and a first move missed while the bot was down is a forfeit on start.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_tournament_survives_a_restart_mid_round() {
    let mut h = Harness::start_killable(ugolki_bot::game::Timing::default()).await;
    let chat = group();
    let users = field(4);
    h.api.set_admins(chat.id(), &[users[0].id]);
    let entry = open(
        &h,
        &chat,
        &users[0],
        "/tournament swiss 2 classic casual first 1m",
    )
    .await;
    for u in &users {
        tap(&h, &chat, &entry, u, TournamentAct::Join).await;
    }
    tap(&h, &chat, &entry, &users[0], TournamentAct::Start).await;
    let t = until(&h, &chat, "round 1", |t| t.games.len() == 1).await;
    let r1: Vec<GameId> = t.games[0].iter().map(|g| g.expect("a game")).collect();
    decide(&h, &chat, &users, r1[0], GameResult::White).await;
    h.settle().await;
    h.crash();
    // While the bot is down, the other game's White runs out of time for a first move.
    h.advance_clock(Millis::secs(100));
    let c_restart = h.cursor();
    h.restart(ugolki_bot::game::Timing::default()).await;
    let t = until(&h, &chat, "round 2", |t| t.games.len() == 2).await;
    h.api
        .wait_for(c_restart, WAIT * 6, |c| {
            c.is("SendPhoto")
                && c.text()
                    .is_some_and(|t| t.contains("Round 2 of 2") && t.contains("pairings"))
        })
        .await
        .expect("round 2's pairings");
    assert_eq!(
        t.event.rounds[0].pairings[1].result,
        Some(GameResult::BlackByForfeit)
    );
    h.settle().await;
    let t2 = tournaments(&h, &chat).remove(0);
    assert_eq!(t2.event.rounds.len(), 2, "round 2 paired once");
    let pairings = h
        .api
        .calls()
        .iter()
        .filter(|c| {
            c.is("SendPhoto")
                && c.response.is_ok()
                && c.text()
                    .is_some_and(|t| t.contains("Round 2 of 2") && t.contains("pairings"))
        })
        .count();
    assert_eq!(pairings, 1, "round 2's pairings told once");
    let games_in_chat = h
        .store
        .chat_games(ChatId(chat.id()))
        .expect("the index")
        .len();
    assert_eq!(games_in_chat, 2, "round 2's two games, started once");
}

//! Two real `ugolki bot` processes on one PostgreSQL database and the fake Bot API, with
//! Telegram's limits: one leads and the other stands by (no 409 from Telegram, a standby
//! never polls); the leader is killed with SIGKILL in the middle of a group game on a
//! clock and a private game against the program; the standby leads within 10 s, every
//! acknowledged move is kept, the clock's deadline fires once, and both games go on to
//! their end.

use crate::common::harness::{Callback, WAIT, alice, boris, button, group, message_id};
use crate::common::pg::{DbProxy, Mode, fresh_database};
use crate::common::webapp::{Page, board_button, token_in};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use ugolki_bot::engine::Color;
use ugolki_bot::fakeapi::{Call, FakeApi, TgChat, TgUser};

fn free_addr() -> SocketAddr {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
}

/// One instance: the process, its `/healthz` address and its Mini App's.
struct Instance {
    child: Child,
    health: SocketAddr,
    page: SocketAddr,
}

/// The Mini App's public address all instances are given (a load balancer's, say).
const PUBLIC: &str = "http://127.0.0.1:9/app/";

impl Instance {
    fn start(api: &FakeApi, url: &str) -> Instance {
        let health = free_addr();
        let page = free_addr();
        let child = Command::new(env!("CARGO_BIN_EXE_ugolki"))
            .args(["bot", "--board-px", "320", "--actions-per-minute", "0"])
            .arg("--webapp-listen")
            .arg(page.to_string())
            .args(["--webapp-url", PUBLIC, "--webapp-short-name", "board"])
            .arg("--api-url")
            .arg(api.url())
            .arg("--database-url")
            .arg(url)
            .arg("--metrics-listen")
            .arg(health.to_string())
            .env("TELOXIDE_TOKEN", "4242:TESTTOKEN")
            .env("UGOLKI_LOG", "info")
            // Each instance's log, for a failure's story.
            .stdout(
                std::fs::File::create(
                    std::env::temp_dir().join(format!("ugolki-instance-{}.log", health.port())),
                )
                .map(Stdio::from)
                .unwrap_or_else(|_| Stdio::null()),
            )
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start the bot");
        Instance {
            child,
            health,
            page,
        }
    }

    /// `path` on the metrics address: the status line's code and the body, if it answers.
    fn get(&self, path: &str) -> Option<(u16, String)> {
        use std::io::{Read, Write};
        let mut s =
            std::net::TcpStream::connect_timeout(&self.health, Duration::from_secs(1)).ok()?;
        s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
        let req = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        s.write_all(req.as_bytes()).ok()?;
        let mut text = String::new();
        s.read_to_string(&mut text).ok()?;
        let code = text.split(' ').nth(1)?.parse().ok()?;
        let body = text.split("\r\n\r\n").nth(1)?.to_string();
        Some((code, body))
    }

    /// What `/healthz` answers: its status and JSON.
    fn health(&self) -> Option<(u16, Value)> {
        let (code, body) = self.get("/healthz")?;
        Some((code, serde_json::from_str(&body).ok()?))
    }

    /// What `/healthz` says of the role ("leader", "standby"), if it answers.
    fn role(&self) -> Option<String> {
        let (_, v) = self.health()?;
        v["role"].as_str().map(String::from)
    }

    /// A counter or gauge of `/metrics` (0 if not there yet).
    fn metric(&self, name: &str) -> f64 {
        self.get("/metrics")
            .map(|(_, body)| {
                body.lines()
                    .find_map(|l| l.strip_prefix(&format!("{name} ")))
                    .and_then(|v| v.trim().parse().ok())
                    .unwrap_or(0.0)
            })
            .unwrap_or(0.0)
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Wait until exactly one of `bots` says it leads and the others stand by; its index.
async fn one_leader(bots: &[&Instance]) -> usize {
    let start = Instant::now();
    loop {
        let roles: Vec<Option<String>> = bots.iter().map(|b| b.role()).collect();
        let leaders: Vec<usize> = (0..bots.len())
            .filter(|i| roles[*i].as_deref() == Some("leader"))
            .collect();
        if leaders.len() == 1
            && roles
                .iter()
                .filter(|r| r.as_deref() == Some("standby"))
                .count()
                == bots.len() - 1
        {
            return leaders[0];
        }
        assert!(leaders.len() <= 1, "two leaders: {roles:?}");
        assert!(start.elapsed() < WAIT * 2, "roles: {roles:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// `who` replies `mv` to the group's board `bid`; the board's edit that shows it.
async fn group_move(api: &FakeApi, who: &TgUser, bid: i64, mv: &str) -> Call {
    let c0 = api.call_count();
    api.reply_text(&group(), who, bid, mv);
    api.wait_for(c0, WAIT, |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains(mv))
    })
    .await
    .unwrap_or_else(|| panic!("the move {mv} shown"))
}

/// Alice opens `command` in the group, Boris accepts: the board's message id and the
/// players as (White, Black).
async fn open_group_game(api: &FakeApi, command: &str) -> (i64, TgUser, TgUser) {
    let g = group();
    let (a, b) = (alice(), boris());
    let c0 = api.call_count();
    api.send_text(&g, &a, command);
    let ch = api
        .wait_for(c0, WAIT, |c| c.is("SendMessage") && !c.buttons().is_empty())
        .await
        .expect("the challenge");
    let acc = button(&ch, "Accept", |cb| {
        matches!(cb, Callback::Challenge { accept: true, .. })
    });
    let c1 = api.call_count();
    api.tap(&g, &b, message_id(&ch), &acc);
    let board = api
        .wait_for(c1, WAIT, |c| c.is("SendPhoto"))
        .await
        .expect("the board");
    let caption = board.text().unwrap();
    if caption.find("id=101").unwrap() < caption.find("id=102").unwrap() {
        (message_id(&board), a, b)
    } else {
        (message_id(&board), b, a)
    }
}

/// Alice's private game against the program at level 1, as White: the board's message id
/// and her first two moves.
async fn open_private_game(api: &FakeApi) -> (i64, [&'static str; 2]) {
    let a = alice();
    let chat = TgChat::Private(a.clone());
    let c0 = api.call_count();
    api.send_text(&chat, &a, "/play classic 1");
    let colour = api
        .wait_for(c0, WAIT, |c| c.is("SendMessage") && !c.buttons().is_empty())
        .await
        .expect("the colour choice");
    let white = button(&colour, "White", |cb| {
        matches!(
            cb,
            Callback::Play {
                colour: Some(Some(Color::White)),
                ..
            }
        )
    });
    let c1 = api.call_count();
    api.tap(&chat, &a, message_id(&colour), &white);
    let board = api
        .wait_for(c1, WAIT, |c| {
            c.is("SendPhoto") && c.int("chat_id") == Some(a.id)
        })
        .await
        .expect("the private board");
    (message_id(&board), ["c3-d3", "b3-c3"])
}

/// Alice plays `mv` in her private chat; the edit of her board that shows the program's
/// answer (White to play move `n`), and how long it took.
async fn private_move(
    api: &FakeApi,
    bid: i64,
    mv: &str,
    n: u32,
    wait: Duration,
) -> (Call, Duration) {
    let a = alice();
    let chat = TgChat::Private(a.clone());
    let c0 = api.call_count();
    let sent = Instant::now();
    api.send_text(&chat, &a, mv);
    let edit = api
        .wait_for(c0, wait, |c| {
            c.is("EditMessageMedia")
                && c.int("message_id") == Some(bid)
                && c.text().is_some_and(|t| {
                    t.contains("White to move") && t.contains(&format!("move {n}"))
                })
        })
        .await
        .unwrap_or_else(|| panic!("the private move {mv} answered"));
    (edit, sent.elapsed())
}

fn count(calls: &[Call], pred: impl Fn(&Call) -> bool) -> usize {
    calls.iter().filter(|c| pred(c)).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_leader_killed_mid_game_and_the_standby_plays_on() {
    let api = FakeApi::start().await.unwrap();
    api.set_limits(Some(ugolki_bot::fakeapi::TelegramLimits::default()));
    let url = fresh_database();
    // Started together: one leads, one stands by, and Telegram sees one poller.
    let mut bots = [Instance::start(&api, &url), Instance::start(&api, &url)];
    api.wait_for(0, WAIT * 2, |c| c.is("SetMyCommands"))
        .await
        .expect("a leader up");
    let leader = one_leader(&[&bots[0], &bots[1]]).await;

    // A group game at 8 seconds a move, and a private game against the program.
    let (gid, white, black) = open_group_game(&api, "/new classic 8s").await;
    group_move(&api, &white, gid, "c3-d3").await;
    let (pid, mine) = open_private_game(&api).await;
    private_move(&api, pid, mine[0], 2, WAIT).await;
    group_move(&api, &black, gid, "f6-e6").await;

    // The leader dies without a word; the standby takes over.
    let killed = Instant::now();
    let before = api.call_count();
    bots[leader].child.kill().unwrap();
    bots[leader].child.wait().unwrap();
    // The first update after the kill, handled by the new leader.
    let (_, took) = private_move(&api, pid, mine[1], 3, Duration::from_secs(20)).await;
    let failover = killed.elapsed();
    eprintln!(
        "failover: the first update after the kill answered {failover:?} after it ({took:?} after it was sent)"
    );
    assert!(
        failover < Duration::from_secs(10),
        "failover took {failover:?}"
    );
    let other = 1 - leader;
    assert_eq!(bots[other].role().as_deref(), Some("leader"));
    // The killed one comes back as a standby.
    bots[leader] = Instance::start(&api, &url);
    assert_eq!(one_leader(&[&bots[0], &bots[1]]).await, other);

    // White misses the 8 s: the program moves for White, once; Black plays on; White
    // misses again and loses on time, announced once.
    api.wait_for(before, Duration::from_secs(20), |c| {
        c.is("SendMessage")
            && c.int("chat_id") == Some(group().id())
            && c.text().is_some_and(|t| t.contains("did not move in time"))
    })
    .await
    .expect("White's first miss played for White");
    group_move(&api, &black, gid, "g6-f6").await;
    api.wait_for(before, Duration::from_secs(20), |c| {
        c.is("EditMessageMedia")
            && c.int("message_id") == Some(gid)
            && c.text().is_some_and(|t| t.contains("ran out of time"))
    })
    .await
    .expect("the group game ends on time");
    tokio::time::sleep(Duration::from_secs(1)).await;
    let after = api.calls_since(before);
    let autos = count(&after, |c| {
        c.is("SendMessage")
            && c.int("chat_id") == Some(group().id())
            && c.text().is_some_and(|t| t.contains("did not move in time"))
    });
    assert_eq!(autos, 1, "one automatic move for White's first miss");
    assert_eq!(
        count(&after, |c| c.is("SendAnimation")
            && c.int("chat_id") == Some(group().id())),
        1,
        "the result is announced once"
    );
    // The private game (both of Alice's moves kept: the program answered move 3) ends.
    let chat = TgChat::Private(alice());
    let c0 = api.call_count();
    api.send_text(&chat, &alice(), "/resign");
    let conf = api
        .wait_for(c0, WAIT, |c| c.is("SendMessage") && !c.buttons().is_empty())
        .await
        .expect("resign asks first");
    let yes = button(&conf, "", |cb| matches!(cb, Callback::Resign { .. }));
    let c1 = api.call_count();
    api.tap(&chat, &alice(), message_id(&conf), &yes);
    api.wait_for(c1, WAIT, |c| {
        c.is("EditMessageMedia")
            && c.int("message_id") == Some(pid)
            && c.text().is_some_and(|t| t.contains("resigned"))
    })
    .await
    .expect("the private game ends");
    // No update was applied twice (a move applied again would be refused as out of turn),
    // and no two instances ever polled at once.
    let all = api.calls_since(0);
    assert_eq!(
        count(&all, |c| c.text().is_some_and(|t| t
            .contains("Not your turn")
            || t.contains("не ваш ход"))),
        0,
        "an update applied twice"
    );
    assert_eq!(api.conflicts(), 0, "two instances polled at once");
}

/// Reads a page's event stream until a `game` event at `ply` comes.
async fn heard_at(stream: &mut reqwest::Response, buf: &mut String, ply: u64) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        while let Some(end) = buf.find("\n\n") {
            let event: String = buf.drain(..end + 2).collect();
            if let Some(data) = event
                .lines()
                .find_map(|l| l.strip_prefix("data:"))
                .map(str::trim)
                && event.contains("event: game")
            {
                let g: Value = serde_json::from_str(data).expect("the game's JSON");
                if g["ply"].as_u64() == Some(ply) {
                    return g;
                }
            }
        }
        let chunk = tokio::time::timeout_at(deadline, stream.chunk())
            .await
            .unwrap_or_else(|_| panic!("ply {ply} heard in time"))
            .expect("the stream reads")
            .expect("the stream stays open");
        buf.push_str(&String::from_utf8_lossy(&chunk));
    }
}

/// The Mini App on every instance: a page on the standby plays, its move reaches the chat
/// through the leader, the chat's moves reach it; the leader is killed and the page plays
/// on, with a session the dead leader opened as well.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_on_the_standby_plays_through_the_failover() {
    let api = FakeApi::start().await.unwrap();
    api.set_limits(Some(ugolki_bot::fakeapi::TelegramLimits::default()));
    let url = fresh_database();
    let mut bots = [Instance::start(&api, &url), Instance::start(&api, &url)];
    api.wait_for(0, WAIT * 2, |c| c.is("SetMyCommands"))
        .await
        .expect("a leader up");
    let leader = one_leader(&[&bots[0], &bots[1]]).await;
    let standby = 1 - leader;
    let (gid, white, black) = open_group_game(&api, "/new classic").await;
    let board = api
        .calls_since(0)
        .into_iter()
        .find(|c| c.is("SendPhoto") && message_id(c) == gid)
        .expect("the board");
    let token = token_in(&board_button(&board).expect("a page button").1);
    let on_standby = Page::new(&format!("http://{}/app/", bots[standby].page));
    let on_leader = Page::new(&format!("http://{}/app/", bots[leader].page));
    let sw = on_standby.session(&white).await;
    let sb = on_standby.session(&black).await;
    // A session the leader opens, for later.
    let sl = on_leader.session(&black).await;

    // Black's page on the standby listens.
    let mut stream = on_standby
        .client
        .get(format!(
            "{}api/game/{token}/events?session={sb}",
            on_standby.base
        ))
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(stream.status().as_u16(), 200);
    let mut buf = String::new();
    heard_at(&mut stream, &mut buf, 0).await;

    // White moves on the standby's page: the leader shows it in the chat.
    let c0 = api.call_count();
    let (status, played) = on_standby
        .post(
            &format!("api/game/{token}/move"),
            Some(&sw),
            json!({ "from": "b3", "to": "d3", "ply": 0 }),
        )
        .await;
    assert_eq!(status, 200, "{played}");
    api.wait_for(c0, WAIT, |c| {
        c.is("EditMessageMedia")
            && c.int("message_id") == Some(gid)
            && c.text().is_some_and(|t| t.contains("b3-d3"))
    })
    .await
    .expect("the leader shows the standby page's move in the chat");
    heard_at(&mut stream, &mut buf, 1).await;
    // Black moves in the chat: the page on the standby hears it.
    group_move(&api, &black, gid, "f6-e6").await;
    let heard = heard_at(&mut stream, &mut buf, 2).await;
    assert_eq!(heard["moves"], json!([["w", "b3-d3"], ["b", "f6-e6"]]));

    // The leader dies; the page plays on, on the instance that now leads.
    bots[leader].child.kill().unwrap();
    bots[leader].child.wait().unwrap();
    let start = Instant::now();
    while bots[standby].role().as_deref() != Some("leader") {
        assert!(start.elapsed() < Duration::from_secs(10), "no new leader");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let c1 = api.call_count();
    let (status, played) = on_standby
        .post(
            &format!("api/game/{token}/move"),
            Some(&sw),
            json!({ "from": "a3", "to": "b3", "ply": 2 }),
        )
        .await;
    assert_eq!(status, 200, "{played}");
    heard_at(&mut stream, &mut buf, 3).await;
    api.wait_for(c1, WAIT, |c| {
        c.is("EditMessageMedia")
            && c.int("message_id") == Some(gid)
            && c.text().is_some_and(|t| t.contains("a3-b3"))
    })
    .await
    .expect("the new leader shows the page's move in the chat");
    // The session the dead leader opened is good here too.
    let (status, played) = on_standby
        .post(
            &format!("api/game/{token}/move"),
            Some(&sl),
            json!({ "from": "g6", "to": "f6", "ply": 3 }),
        )
        .await;
    assert_eq!(status, 200, "{played}");
    heard_at(&mut stream, &mut buf, 4).await;
    assert_eq!(api.conflicts(), 0);
}

/// Wait until `/healthz` of `bot` answers `code`; its JSON.
async fn health_becomes(bot: &Instance, code: u16, within: Duration) -> Value {
    let start = Instant::now();
    loop {
        if let Some((c, v)) = bot.health()
            && c == code
        {
            return v;
        }
        assert!(
            start.elapsed() < within,
            "/healthz never answered {code}: {:?}",
            bot.health()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The database down for 30 s under a lone leader: `/healthz` says why, a move is refused
/// with a message and not kept, and when the database is back the bot goes on by itself
/// (the same process) and the same move plays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_down_for_a_while_refuses_moves_and_the_bot_recovers() {
    let api = FakeApi::start().await.unwrap();
    api.set_limits(Some(ugolki_bot::fakeapi::TelegramLimits::default()));
    let proxy = DbProxy::start().await;
    let url = proxy.url(&fresh_database());
    let mut bot = Instance::start(&api, &url);
    api.wait_for(0, WAIT * 2, |c| c.is("SetMyCommands"))
        .await
        .expect("the bot up");
    let pid = bot.child.id();
    let (gid, white, black) = open_group_game(&api, "/new classic").await;
    group_move(&api, &white, gid, "c3-d3").await;

    proxy.set(Mode::Refuse);
    let cut_at = Instant::now();
    health_becomes(&bot, 503, Duration::from_secs(10)).await;
    // The leader lock's connection finds the database down within a few seconds, and
    // `/healthz` says so (before, that the store cannot be read).
    let start = Instant::now();
    loop {
        let (code, v) = bot.health().expect("/healthz answers");
        let reason = v["reason"].as_str().unwrap_or_default().to_string();
        assert_eq!(code, 503, "{v}");
        if reason.starts_with("database down") {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "{reason}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let c0 = api.call_count();
    api.reply_text(&group(), &black, gid, "f6-e6");
    // The group's language cannot be read while the database is down: the refusal is in
    // the sender's (Black may be Boris, who speaks Russian).
    api.wait_for(c0, WAIT, |c| {
        c.is("SendMessage")
            && c.text().is_some_and(|t| {
                t.contains("Could not save that just now") || t.contains("Не удалось сохранить")
            })
    })
    .await
    .expect("the move refused with a message");
    eprintln!(
        "the move was refused {:?} into the outage",
        cut_at.elapsed()
    );
    // The database stays down 30 s in all.
    tokio::time::sleep(Duration::from_secs(30).saturating_sub(cut_at.elapsed())).await;
    assert!(
        api.calls_since(c0)
            .iter()
            .all(|c| !(c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("f6-e6")))),
        "a move shown while the database was down"
    );
    assert_eq!(bot.health().map(|(c, _)| c), Some(503));

    proxy.set(Mode::Open);
    let up = health_becomes(&bot, 200, Duration::from_secs(15)).await;
    assert_eq!(up["role"], "leader");
    group_move(&api, &black, gid, "f6-e6").await;
    group_move(&api, &white, gid, "b3-c3").await;
    // The same process throughout, and it never gave up leading.
    assert_eq!(bot.child.id(), pid);
    assert!(bot.child.try_wait().unwrap().is_none());
    assert_eq!(bot.metric("ugolki_leadership_lost_total"), 0.0);
    assert_eq!(bot.metric("ugolki_leader"), 1.0);
}

/// A leader that can still reach Telegram but no longer the database stops: the standby
/// leads, the game goes on there, answered once, and Telegram never sees two pollers; the
/// cut-off process starts again as a standby once it reaches the database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leader_cut_off_from_the_database_stops_and_the_standby_leads() {
    let api = FakeApi::start().await.unwrap();
    api.set_limits(Some(ugolki_bot::fakeapi::TelegramLimits::default()));
    let proxy = DbProxy::start().await;
    let direct = fresh_database();
    let mut cut = Instance::start(&api, &proxy.url(&direct));
    api.wait_for(0, WAIT * 2, |c| c.is("SetMyCommands"))
        .await
        .expect("the first instance leads");
    let other = Instance::start(&api, &direct);
    assert_eq!(one_leader(&[&cut, &other]).await, 0);
    let pid = cut.child.id();
    let (gid, white, black) = open_group_game(&api, "/new classic").await;
    group_move(&api, &white, gid, "c3-d3").await;

    let c0 = api.call_count();
    proxy.set(Mode::Drop);
    let start = Instant::now();
    while other.role().as_deref() != Some("leader") {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "the standby never led"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let took = start.elapsed();
    eprintln!("the standby led {took:?} after the leader was cut off from the database");
    group_move(&api, &black, gid, "f6-e6").await;
    group_move(&api, &white, gid, "b3-c3").await;
    // The cut-off process is the same one, started again in place: it waits for the
    // database and stands by.
    assert!(
        cut.child.try_wait().unwrap().is_none(),
        "the cut-off instance exited"
    );
    assert_eq!(cut.child.id(), pid);
    proxy.set(Mode::Open);
    let start = Instant::now();
    while cut.role().as_deref() != Some("standby") {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the cut-off instance never stood by"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(other.role().as_deref(), Some("leader"));
    let after = api.calls_since(c0);
    assert_eq!(
        count(&after, |c| c.text().is_some_and(|t| t
            .contains("Not your turn")
            || t.contains("не ваш ход"))),
        0,
        "an update applied twice"
    );
    assert_eq!(api.conflicts(), 0, "two instances polled at once");
    let _ = &mut cut;
}

//! Callback data: what an inline button means, in at most 64 bytes.
//!
//! Anyone can send any callback data, so every value is parsed strictly and bound to a
//! game and its ply: a tap on an old keyboard is recognised as stale, forged data is
//! rejected, and the handler still checks who is tapping. The format is `tag:field:...`,
//! numbers in base 36, squares as `c3`.

use crate::engine::{Color, Square, VariantId};
use crate::game::{
    ChallengeId, GameId, Language, LinkToken, NoticeDelay, Orientation, Pace, TimeControl,
    TournamentId,
};

/// Telegram's limit on callback data.
pub const MAX_LEN: usize = 64;

/// A decoded button.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Callback {
    /// A square tapped on the board keyboard (select a piece).
    Tap {
        /// Game.
        game: GameId,
        /// Plies played when the keyboard was drawn.
        ply: u32,
        /// The square.
        square: Square,
    },
    /// A destination tapped while a piece is selected.
    Move {
        /// Game.
        game: GameId,
        /// Ply.
        ply: u32,
        /// Selected piece.
        from: Square,
        /// Destination.
        to: Square,
        /// The player confirmed a losing return home.
        confirmed: bool,
    },
    /// Drop the selection / cancel a confirmation: redraw the plain board.
    Reset {
        /// Game.
        game: GameId,
        /// Ply.
        ply: u32,
    },
    /// Resign (after confirmation).
    Resign {
        /// Game.
        game: GameId,
    },
    /// Answer a draw offer.
    Draw {
        /// Game.
        game: GameId,
        /// Accept or decline.
        accept: bool,
    },
    /// Answer a takeback request.
    Takeback {
        /// Game.
        game: GameId,
        /// Accept or decline.
        accept: bool,
    },
    /// Ask for a rematch with colours swapped.
    Rematch {
        /// The finished game.
        game: GameId,
    },
    /// Ask for a finished game's analysis.
    Analyze {
        /// The finished game.
        game: GameId,
    },
    /// Send a finished game's record or replay.
    Export {
        /// Game.
        game: GameId,
        /// The GIF replay instead of the text record.
        gif: bool,
    },
    /// Answer a challenge.
    Challenge {
        /// Challenge.
        id: ChallengeId,
        /// Accept (or decline / withdraw).
        accept: bool,
        /// The token of a challenge by link, which its Accept button carries: the button
        /// is in the friend's chat, where anyone could forge data for any challenge id.
        link: Option<LinkToken>,
    },
    /// A step of `/play` against the program.
    Play {
        /// Variant.
        variant: VariantId,
        /// Colour chosen (None = random) once chosen.
        colour: Option<Option<Color>>,
        /// Level once chosen.
        level: Option<u8>,
    },
    /// Set the language.
    Lang(Language),
    /// A settings change: which setting and its new value.
    Setting(Setting),
    /// An action button of an inline board, where players cannot type commands.
    Act {
        /// Game.
        game: GameId,
        /// Plies played when the button was drawn.
        ply: u32,
        /// What to do.
        act: Act,
    },
    /// After a correspondence move's time is up: the opponent claims the win, or keeps
    /// waiting.
    Claim {
        /// Game.
        game: GameId,
        /// Plies played when the time ran out (a move since makes the button stale).
        ply: u32,
        /// Claim (or keep waiting).
        claim: bool,
    },
    /// A lobby's button (a game of three or four seats gathering its players).
    Lobby {
        /// The game.
        game: GameId,
        /// What to do.
        act: LobbyAct,
    },
    /// Pass: the seat to move has no legal move (a table's picker offers it then).
    Pass {
        /// Game.
        game: GameId,
        /// Plies played when the keyboard was drawn.
        ply: u32,
    },
    /// A tournament's entry message's button.
    Tournament {
        /// The tournament.
        id: TournamentId,
        /// What to do.
        act: TournamentAct,
    },
    /// A button that does nothing (labels).
    Noop,
}

/// What a tournament's button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentAct {
    /// Enter (late, where the format allows).
    Join,
    /// Take the entry back, or withdraw once running.
    Leave,
    /// Start (an admin).
    Start,
    /// Call it off (an admin).
    Cancel,
    /// Pause (an admin).
    Pause,
    /// Resume (an admin).
    Resume,
}

/// What a lobby's button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyAct {
    /// Take the next free seat.
    Join,
    /// Give up one's seat (the host: close the lobby).
    Leave,
    /// Seat the program at a level 1–5 (the host).
    Program(u8),
    /// Start the game (the host, every seat taken).
    Start,
}

/// What a board's action button does (an inline board's, whose players cannot type
/// commands, and a table's Leave).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// Ask "Resign?" on the board.
    Resign,
    /// Offer a draw.
    Draw,
    /// Call the game off (before both sides have moved).
    Abort,
}

/// A chat setting's new value, as a settings button carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The default variant.
    Variant(VariantId),
    /// The default time control.
    Time(TimeControl),
    /// The chat's language (`None`: each person's own).
    Language(Option<Language>),
    /// How group boards are turned.
    Orientation(Orientation),
    /// Takebacks in unrated games.
    Takebacks(bool),
    /// Turn notifications (private chats).
    Notify(bool),
    /// How long a turn notice waits in games of a pace (private chats).
    NoticeDelay(Pace, NoticeDelay),
}

impl Setting {
    /// Which setting it changes.
    pub fn key(&self) -> SettingKey {
        match self {
            Setting::Variant(_) => SettingKey::Variant,
            Setting::Time(_) => SettingKey::Time,
            Setting::Language(_) => SettingKey::Language,
            Setting::Orientation(_) => SettingKey::Orientation,
            Setting::Takebacks(_) => SettingKey::Takebacks,
            Setting::Notify(_) => SettingKey::Notify,
            Setting::NoticeDelay(Pace::Slow, _) => SettingKey::NoticeSlow,
            Setting::NoticeDelay(Pace::Clock, _) => SettingKey::NoticeClock,
        }
    }

    /// The value as the button's data writes it.
    fn code(&self) -> String {
        let on_off = |on: bool| if on { "on" } else { "off" }.to_string();
        match self {
            Setting::Variant(v) => v.id().to_string(),
            Setting::Time(tc) => tc.to_string(),
            Setting::Language(None) => "auto".into(),
            Setting::Language(Some(l)) => l.code().into(),
            Setting::Orientation(Orientation::White) => "white".into(),
            Setting::Orientation(Orientation::SideToMove) => "side".into(),
            Setting::Takebacks(on) | Setting::Notify(on) => on_off(*on),
            Setting::NoticeDelay(_, d) => d.code(),
        }
    }

    /// The setting `key` with the value `code` (see [`Setting::code`]).
    fn parse(key: SettingKey, code: &str) -> Option<Setting> {
        let on_off = || match code {
            "on" => Some(true),
            "off" => Some(false),
            _ => None,
        };
        Some(match key {
            SettingKey::Variant => Setting::Variant(code.parse().ok()?),
            SettingKey::Time => Setting::Time(code.parse().ok()?),
            SettingKey::Language => Setting::Language(match code {
                "auto" => None,
                c => Some(Language::from_code(c)?),
            }),
            SettingKey::Orientation => Setting::Orientation(match code {
                "white" => Orientation::White,
                "side" => Orientation::SideToMove,
                _ => return None,
            }),
            SettingKey::Takebacks => Setting::Takebacks(on_off()?),
            SettingKey::Notify => Setting::Notify(on_off()?),
            SettingKey::NoticeSlow => Setting::NoticeDelay(Pace::Slow, code.parse().ok()?),
            SettingKey::NoticeClock => Setting::NoticeDelay(Pace::Clock, code.parse().ok()?),
        })
    }
}

/// Which chat setting a button changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingKey {
    /// Default variant.
    Variant,
    /// Default time control.
    Time,
    /// Chat language.
    Language,
    /// Board orientation.
    Orientation,
    /// Takebacks in unrated games.
    Takebacks,
    /// Turn notifications (private chats).
    Notify,
    /// How long a turn notice waits in untimed and days-a-move games (private chats).
    NoticeSlow,
    /// How long a turn notice waits in games on a clock (private chats).
    NoticeClock,
}

/// The `/start` payload of a challenge link: `c`, the challenge id in base 36, `_`, and
/// its token (Telegram allows `A-Za-z0-9_-`, up to 64 characters).
pub fn link_payload(id: ChallengeId, token: LinkToken) -> String {
    format!("c{}_{token}", b36(id.0))
}

/// Read a challenge link's payload; `None` for anything else, the old numeric `c<id>`
/// form included (those ids could be guessed).
pub fn parse_link_payload(payload: &str) -> Option<(ChallengeId, LinkToken)> {
    let (id, token) = payload.strip_prefix('c')?.split_once('_')?;
    Some((ChallengeId(un36(id).ok()?), token.parse().ok()?))
}

/// Why data was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid callback data")]
pub struct BadCallback;

fn b36(n: u64) -> String {
    if n == 0 {
        return "0".into();
    }
    let mut v = Vec::new();
    let mut n = n;
    while n > 0 {
        let d = (n % 36) as u8;
        v.push(if d < 10 { b'0' + d } else { b'a' + d - 10 });
        n /= 36;
    }
    v.reverse();
    String::from_utf8(v).unwrap_or_default()
}

fn un36(s: &str) -> Result<u64, BadCallback> {
    if s.is_empty() || s.len() > 13 {
        return Err(BadCallback);
    }
    let mut n: u64 = 0;
    for c in s.bytes() {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'z' => c - b'a' + 10,
            _ => return Err(BadCallback),
        } as u64;
        n = n
            .checked_mul(36)
            .and_then(|n| n.checked_add(d))
            .ok_or(BadCallback)?;
    }
    Ok(n)
}

fn sq(s: &str) -> Result<Square, BadCallback> {
    // Only the canonical lower-case form, as encoded.
    if s.bytes().any(|b| b.is_ascii_uppercase()) {
        return Err(BadCallback);
    }
    Square::parse(s).ok_or(BadCallback)
}

fn ply(s: &str) -> Result<u32, BadCallback> {
    u32::try_from(un36(s)?).map_err(|_| BadCallback)
}

fn variant_code(v: VariantId) -> &'static str {
    v.id()
}

impl Callback {
    /// The game a button belongs to, if it is a game's.
    pub fn game(&self) -> Option<GameId> {
        match self {
            Callback::Tap { game, .. }
            | Callback::Move { game, .. }
            | Callback::Reset { game, .. }
            | Callback::Resign { game }
            | Callback::Draw { game, .. }
            | Callback::Takeback { game, .. }
            | Callback::Rematch { game }
            | Callback::Export { game, .. }
            | Callback::Analyze { game }
            | Callback::Act { game, .. }
            | Callback::Claim { game, .. }
            | Callback::Lobby { game, .. }
            | Callback::Pass { game, .. } => Some(*game),
            Callback::Challenge { .. }
            | Callback::Play { .. }
            | Callback::Lang(_)
            | Callback::Setting { .. }
            | Callback::Tournament { .. }
            | Callback::Noop => None,
        }
    }

    /// Encode; always at most [`MAX_LEN`] bytes.
    pub fn encode(&self) -> String {
        let s = match self {
            Callback::Tap { game, ply, square } => {
                format!("t:{}:{}:{square}", b36(game.0), b36(*ply as u64))
            }
            Callback::Move {
                game,
                ply,
                from,
                to,
                confirmed,
            } => format!(
                "{}:{}:{}:{from}:{to}",
                if *confirmed { "h" } else { "m" },
                b36(game.0),
                b36(*ply as u64)
            ),
            Callback::Reset { game, ply } => format!("u:{}:{}", b36(game.0), b36(*ply as u64)),
            Callback::Resign { game } => format!("r:{}", b36(game.0)),
            Callback::Draw { game, accept } => format!("d:{}:{}", b36(game.0), u8::from(*accept)),
            Callback::Takeback { game, accept } => {
                format!("k:{}:{}", b36(game.0), u8::from(*accept))
            }
            Callback::Rematch { game } => format!("x:{}", b36(game.0)),
            Callback::Export { game, gif } => format!("e:{}:{}", b36(game.0), u8::from(*gif)),
            Callback::Analyze { game } => format!("an:{}", b36(game.0)),
            Callback::Challenge {
                id,
                accept,
                link: None,
            } => format!("c:{}:{}", b36(id.0), u8::from(*accept)),
            Callback::Challenge {
                id,
                accept,
                link: Some(token),
            } => format!("c:{}:{token}:{}", b36(id.0), u8::from(*accept)),
            Callback::Play {
                variant,
                colour,
                level,
            } => {
                let c = match colour {
                    None => "-",
                    Some(None) => "r",
                    Some(Some(Color::White)) => "w",
                    Some(Some(Color::Black)) => "b",
                };
                let l = level.map_or("-".to_string(), |l| l.to_string());
                format!("p:{}:{c}:{l}", variant_code(*variant))
            }
            Callback::Lang(l) => format!("l:{}", l.code()),
            Callback::Setting(setting) => {
                let k = match setting.key() {
                    SettingKey::Variant => "v",
                    SettingKey::Time => "t",
                    SettingKey::Language => "l",
                    SettingKey::Orientation => "o",
                    SettingKey::Takebacks => "k",
                    SettingKey::Notify => "b",
                    SettingKey::NoticeSlow => "s",
                    SettingKey::NoticeClock => "c",
                };
                format!("s:{k}:{}", setting.code())
            }
            Callback::Act { game, ply, act } => {
                let a = match act {
                    Act::Resign => "r",
                    Act::Draw => "d",
                    Act::Abort => "a",
                };
                format!("a:{}:{}:{a}", b36(game.0), b36(*ply as u64))
            }
            Callback::Claim { game, ply, claim } => format!(
                "w:{}:{}:{}",
                b36(game.0),
                b36(*ply as u64),
                u8::from(*claim)
            ),
            Callback::Lobby { game, act } => {
                let a = match act {
                    LobbyAct::Join => "j".to_string(),
                    LobbyAct::Leave => "l".to_string(),
                    LobbyAct::Program(level) => format!("p{level}"),
                    LobbyAct::Start => "s".to_string(),
                };
                format!("q:{}:{a}", b36(game.0))
            }
            Callback::Pass { game, ply } => format!("ps:{}:{}", b36(game.0), b36(*ply as u64)),
            Callback::Tournament { id, act } => {
                let a = match act {
                    TournamentAct::Join => "j",
                    TournamentAct::Leave => "l",
                    TournamentAct::Start => "s",
                    TournamentAct::Cancel => "c",
                    TournamentAct::Pause => "p",
                    TournamentAct::Resume => "r",
                };
                format!("tn:{}:{a}", b36(id.0))
            }
            Callback::Noop => "n".into(),
        };
        debug_assert!(s.len() <= MAX_LEN, "{s}");
        s
    }

    /// Decode strictly: any deviation from what [`Callback::encode`] produces is rejected.
    pub fn decode(data: &str) -> Result<Callback, BadCallback> {
        if data.len() > MAX_LEN || !data.is_ascii() {
            return Err(BadCallback);
        }
        let parts: Vec<&str> = data.split(':').collect();
        let game = |s: &str| un36(s).map(GameId);
        let flag = |s: &str| match s {
            "0" => Ok(false),
            "1" => Ok(true),
            _ => Err(BadCallback),
        };
        let cb = match parts.as_slice() {
            ["t", g, p, s] => Callback::Tap {
                game: game(g)?,
                ply: ply(p)?,
                square: sq(s)?,
            },
            [tag @ ("m" | "h"), g, p, f, t] => Callback::Move {
                game: game(g)?,
                ply: ply(p)?,
                from: sq(f)?,
                to: sq(t)?,
                confirmed: *tag == "h",
            },
            ["u", g, p] => Callback::Reset {
                game: game(g)?,
                ply: ply(p)?,
            },
            ["r", g] => Callback::Resign { game: game(g)? },
            ["q", g, a] => Callback::Lobby {
                game: game(g)?,
                act: match *a {
                    "j" => LobbyAct::Join,
                    "l" => LobbyAct::Leave,
                    "s" => LobbyAct::Start,
                    "p1" => LobbyAct::Program(1),
                    "p2" => LobbyAct::Program(2),
                    "p3" => LobbyAct::Program(3),
                    "p4" => LobbyAct::Program(4),
                    "p5" => LobbyAct::Program(5),
                    _ => return Err(BadCallback),
                },
            },
            ["tn", i, a] => Callback::Tournament {
                id: TournamentId(un36(i)?),
                act: match *a {
                    "j" => TournamentAct::Join,
                    "l" => TournamentAct::Leave,
                    "s" => TournamentAct::Start,
                    "c" => TournamentAct::Cancel,
                    "p" => TournamentAct::Pause,
                    "r" => TournamentAct::Resume,
                    _ => return Err(BadCallback),
                },
            },
            ["ps", g, p] => Callback::Pass {
                game: game(g)?,
                ply: ply(p)?,
            },
            ["d", g, a] => Callback::Draw {
                game: game(g)?,
                accept: flag(a)?,
            },
            ["k", g, a] => Callback::Takeback {
                game: game(g)?,
                accept: flag(a)?,
            },
            ["x", g] => Callback::Rematch { game: game(g)? },
            ["an", g] => Callback::Analyze { game: game(g)? },
            ["w", g, p, c] => Callback::Claim {
                game: game(g)?,
                ply: ply(p)?,
                claim: flag(c)?,
            },
            ["a", g, p, a] => Callback::Act {
                game: game(g)?,
                ply: ply(p)?,
                act: match *a {
                    "r" => Act::Resign,
                    "d" => Act::Draw,
                    "a" => Act::Abort,
                    _ => return Err(BadCallback),
                },
            },
            ["e", g, a] => Callback::Export {
                game: game(g)?,
                gif: flag(a)?,
            },
            ["c", id, a] => Callback::Challenge {
                id: ChallengeId(un36(id)?),
                accept: flag(a)?,
                link: None,
            },
            ["c", id, token, a] => Callback::Challenge {
                id: ChallengeId(un36(id)?),
                accept: flag(a)?,
                link: Some(token.parse().map_err(|_| BadCallback)?),
            },
            ["p", v, c, l] => {
                let variant: VariantId = v.parse().map_err(|_| BadCallback)?;
                if variant.id() != *v {
                    return Err(BadCallback);
                }
                let colour = match *c {
                    "-" => None,
                    "r" => Some(None),
                    "w" => Some(Some(Color::White)),
                    "b" => Some(Some(Color::Black)),
                    _ => return Err(BadCallback),
                };
                let level = match *l {
                    "-" => None,
                    d => Some(
                        d.parse::<u8>()
                            .ok()
                            .filter(|x| (1..=5).contains(x) && d.len() == 1)
                            .ok_or(BadCallback)?,
                    ),
                };
                Callback::Play {
                    variant,
                    colour,
                    level,
                }
            }
            ["l", code] => Callback::Lang(match *code {
                "en" => Language::En,
                "ru" => Language::Ru,
                _ => return Err(BadCallback),
            }),
            ["s", k, value] => {
                let key = match *k {
                    "v" => SettingKey::Variant,
                    "t" => SettingKey::Time,
                    "l" => SettingKey::Language,
                    "o" => SettingKey::Orientation,
                    "k" => SettingKey::Takebacks,
                    "b" => SettingKey::Notify,
                    "s" => SettingKey::NoticeSlow,
                    "c" => SettingKey::NoticeClock,
                    _ => return Err(BadCallback),
                };
                if value.is_empty() || value.len() > 32 {
                    return Err(BadCallback);
                }
                Callback::Setting(Setting::parse(key, value).ok_or(BadCallback)?)
            }
            ["n"] => Callback::Noop,
            _ => return Err(BadCallback),
        };
        // Canonical form only (no leading zeros, no aliases).
        if cb.encode() != data {
            return Err(BadCallback);
        }
        Ok(cb)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> Square {
        Square::parse(x).unwrap()
    }

    #[test]
    fn round_trips_and_fits() {
        let big = GameId(u64::MAX);
        let all = vec![
            Callback::Tap {
                game: big,
                ply: u32::MAX,
                square: s("p16"),
            },
            Callback::Move {
                game: big,
                ply: 300,
                from: s("a10"),
                to: s("p16"),
                confirmed: true,
            },
            Callback::Move {
                game: GameId(7),
                ply: 0,
                from: s("c3"),
                to: s("e5"),
                confirmed: false,
            },
            Callback::Reset { game: big, ply: 1 },
            Callback::Lobby {
                game: big,
                act: LobbyAct::Program(5),
            },
            Callback::Lobby {
                game: GameId(3),
                act: LobbyAct::Join,
            },
            Callback::Tournament {
                id: TournamentId(u64::MAX),
                act: TournamentAct::Resume,
            },
            Callback::Tournament {
                id: TournamentId(12),
                act: TournamentAct::Join,
            },
            Callback::Pass {
                game: big,
                ply: u32::MAX,
            },
            Callback::Resign { game: big },
            Callback::Draw {
                game: big,
                accept: true,
            },
            Callback::Rematch { game: GameId(0) },
            Callback::Act {
                game: big,
                ply: u32::MAX,
                act: Act::Resign,
            },
            Callback::Act {
                game: GameId(3),
                ply: 0,
                act: Act::Draw,
            },
            Callback::Act {
                game: GameId(3),
                ply: 1,
                act: Act::Abort,
            },
            Callback::Claim {
                game: big,
                ply: u32::MAX,
                claim: true,
            },
            Callback::Claim {
                game: GameId(9),
                ply: 4,
                claim: false,
            },
            Callback::Export {
                game: big,
                gif: true,
            },
            Callback::Analyze { game: big },
            Callback::Challenge {
                id: ChallengeId(u64::MAX),
                accept: false,
                link: None,
            },
            Callback::Challenge {
                id: ChallengeId(u64::MAX),
                accept: true,
                link: Some(LinkToken([0xff; 12])),
            },
            Callback::Play {
                variant: VariantId::Diagonal3x4,
                colour: Some(Some(Color::Black)),
                level: Some(5),
            },
            Callback::Play {
                variant: VariantId::Classic,
                colour: None,
                level: None,
            },
            Callback::Play {
                variant: VariantId::Halma16,
                colour: Some(None),
                level: None,
            },
            Callback::Lang(Language::Ru),
            Callback::Setting(Setting::Time("5+3".parse().unwrap())),
            Callback::Setting(Setting::Variant(VariantId::Triangle)),
            Callback::Setting(Setting::Language(None)),
            Callback::Setting(Setting::Language(Some(Language::En))),
            Callback::Setting(Setting::Orientation(Orientation::SideToMove)),
            Callback::Setting(Setting::Takebacks(false)),
            Callback::Setting(Setting::Notify(true)),
            Callback::Setting(Setting::NoticeDelay(
                Pace::Slow,
                NoticeDelay::After { minutes: 15 },
            )),
            Callback::Setting(Setting::NoticeDelay(Pace::Clock, NoticeDelay::Never)),
            Callback::Noop,
        ];
        for cb in all {
            let e = cb.encode();
            assert!(e.len() <= MAX_LEN, "{e}");
            assert_eq!(Callback::decode(&e), Ok(cb), "{e}");
        }
    }

    #[test]
    fn rejects_forged_and_malformed_data() {
        for bad in [
            "",
            "t",
            "t:1:2",
            "t:1:2:z9",
            "t:1:2:C3",
            "t:-1:2:c3",
            "t:1:2:c3:extra",
            "m:1:2:c3",
            "d:1:2",
            "d:1:01",
            "p:chess:-:-",
            "p:classic:x:-",
            "p:classic:-:9",
            "p:3x4:-:-",
            "l:de",
            "s:q:1",
            "t:01:2:c3",
            "t:zzzzzzzzzzzzzz:0:c3",
            "ñ",
            "t:1:2:c3\n",
            "t:1:2:a0",
            "x:1:1",
            "c:1:0011223344556677:1",
            "c:1:00112233445566778899AABB:1",
            "c:1:00112233445566778899aabb:2",
        ] {
            assert_eq!(Callback::decode(bad), Err(BadCallback), "{bad:?}");
        }
        let long = "t:".to_string() + &"1".repeat(70);
        assert_eq!(Callback::decode(&long), Err(BadCallback));
    }

    #[test]
    fn link_payloads_carry_the_token() {
        let token = LinkToken([0xab; 12]);
        let p = link_payload(ChallengeId(1234), token);
        assert!(p.len() <= 64 && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'));
        assert_eq!(parse_link_payload(&p), Some((ChallengeId(1234), token)));
        for bad in [
            "c1234",
            "c12",
            "cyz_abab",
            "x12_abababababababababababab",
            "c12_",
            &p[..p.len() - 1],
        ] {
            assert_eq!(parse_link_payload(bad), None, "{bad}");
        }
    }

    #[test]
    fn base36() {
        for n in [0u64, 1, 35, 36, 1295, u64::MAX] {
            assert_eq!(un36(&b36(n)).unwrap(), n);
        }
        assert!(un36("zzzzzzzzzzzzz").is_err(), "overflow");
    }
}

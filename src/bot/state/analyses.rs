//! The analyses asked for and not yet sent: a queue in front of a thread of their own
//! at a low priority (a [`ReplayThread`]), one analysis at a time.
//!
//! An analysis takes seconds of CPU (docs/BENCHMARKS.md, "Analysis"); on the blocking pool
//! it would take a core from the moves. Here it runs below their priority, one at a time,
//! so moves and taps keep their pacing while analyses wait. A game asked for twice is
//! analysed once, its message going to every chat that asked. Each person may have a
//! few analyses waiting ([`PER_PERSON`]), and people take turns: the next job is the
//! oldest of someone other than whoever was served last, where there is one.

use super::replays::ReplayThread;
use crate::game::{ChatId, GameId, Language, MessageId, UserId};
use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a failed analysis is not tried again (a page asking every second and a
/// person tapping again would otherwise make it fail over and over).
pub const FAILED_FOR: Duration = Duration::from_secs(600);

/// Analyses one person may have asked for and not yet received (the running one too).
pub const PER_PERSON: usize = 10;
/// Analyses waiting at most, everyone's together.
pub const WAITING: usize = 200;

/// Where an analysis goes when it is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Destination {
    /// The chat it was asked in.
    pub chat: ChatId,
    /// The message that asked (a command), to reply to.
    pub reply_to: Option<MessageId>,
    /// The language of its words.
    pub lang: Language,
}

/// An analysis to make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// The game.
    pub game: GameId,
    /// Who asked first.
    pub asker: UserId,
    /// Every chat it goes to (none when only the Mini App asked: its page looks).
    pub to: Vec<Destination>,
}

/// What asking did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// Nothing was running: it runs now (the caller starts the runner).
    Runs,
    /// It waits behind `ahead` others.
    Queued {
        /// Analyses before it.
        ahead: usize,
    },
    /// The game is being analysed or waits already: its message comes here too.
    Joined,
    /// The person already waits for [`PER_PERSON`] analyses.
    Full,
    /// Everyone's queue is full.
    Busy,
}

#[derive(Debug, Default)]
struct Queue {
    running: Option<Job>,
    waiting: VecDeque<Job>,
    last_served: Option<UserId>,
    failed: HashMap<GameId, Instant>,
}

impl Queue {
    fn mine(&self, user: UserId) -> usize {
        self.running
            .iter()
            .chain(&self.waiting)
            .filter(|j| j.asker == user)
            .count()
    }
}

/// The analyses' queue and thread.
#[derive(Debug)]
pub struct Analyses {
    /// Where analyses run.
    pub thread: ReplayThread,
    queue: Mutex<Queue>,
}

impl Analyses {
    /// Start the analysis thread.
    pub fn start() -> std::io::Result<Analyses> {
        Ok(Analyses {
            thread: ReplayThread::start("ugolki-analysis")?,
            queue: Mutex::default(),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Ask for game `game`'s analysis on behalf of `asker`, to go to `to`.
    pub fn ask(&self, game: GameId, asker: UserId, to: Destination) -> Asked {
        self.ask_for(game, asker, Some(to))
    }

    /// Ask for game `game`'s analysis to be made and kept, sent nowhere (the Mini App's
    /// page looks for it).
    pub fn ask_quietly(&self, game: GameId, asker: UserId) -> Asked {
        self.ask_for(game, asker, None)
    }

    fn ask_for(&self, game: GameId, asker: UserId, to: Option<Destination>) -> Asked {
        let mut q = self.lock();
        let q = &mut *q;
        if let Some(j) = q
            .running
            .iter_mut()
            .chain(q.waiting.iter_mut())
            .find(|j| j.game == game)
        {
            if let Some(to) = to
                && !j.to.iter().any(|d| d.chat == to.chat)
            {
                j.to.push(to);
            }
            return Asked::Joined;
        }
        if q.mine(asker) >= PER_PERSON {
            return Asked::Full;
        }
        if q.waiting.len() >= WAITING {
            return Asked::Busy;
        }
        let job = Job {
            game,
            asker,
            to: to.into_iter().collect(),
        };
        if q.running.is_none() {
            q.running = Some(job);
            Asked::Runs
        } else {
            q.waiting.push_back(job);
            Asked::Queued {
                ahead: q.waiting.len(),
            }
        }
    }

    /// The job to run now: the one just asked for ([`Asked::Runs`]), else `None`.
    pub fn running(&self) -> Option<Job> {
        self.lock().running.clone()
    }

    /// The running job is done (its message sent to everyone it has now): the next job
    /// to run, if any. People take turns: the oldest job of someone other than the
    /// person just served, else the oldest.
    pub fn finish(&self) -> (Option<Job>, Option<Job>) {
        let mut q = self.lock();
        let done = q.running.take();
        q.last_served = done.as_ref().map(|j| j.asker);
        let last = q.last_served;
        let i = q
            .waiting
            .iter()
            .position(|j| Some(j.asker) != last)
            .or((!q.waiting.is_empty()).then_some(0));
        let next = i.and_then(|i| q.waiting.remove(i));
        q.running = next.clone();
        (done, next)
    }

    /// Game `game`'s analysis failed: not tried again for [`FAILED_FOR`].
    pub fn failed(&self, game: GameId) {
        let mut q = self.lock();
        let now = Instant::now();
        q.failed
            .retain(|_, at| now.duration_since(*at) < FAILED_FOR);
        q.failed.insert(game, now);
    }

    /// Whether game `game`'s analysis failed less than [`FAILED_FOR`] ago.
    pub fn recently_failed(&self, game: GameId) -> bool {
        self.lock()
            .failed
            .get(&game)
            .is_some_and(|at| at.elapsed() < FAILED_FOR)
    }

    /// Analyses waiting (not counting the running one).
    pub fn waiting(&self) -> usize {
        self.lock().waiting.len()
    }

    /// Whether game `game` is being analysed or waits, and how many wait before it.
    pub fn place_of(&self, game: GameId) -> Option<usize> {
        let q = self.lock();
        if q.running.as_ref().is_some_and(|j| j.game == game) {
            return Some(0);
        }
        q.waiting.iter().position(|j| j.game == game).map(|i| i + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to(chat: i64) -> Destination {
        Destination {
            chat: ChatId(chat),
            reply_to: None,
            lang: Language::En,
        }
    }

    #[test]
    fn ten_asked_at_once_one_runs_nine_wait_and_the_eleventh_is_refused() {
        let a = Analyses::start().expect("thread");
        let me = UserId(7);
        assert_eq!(a.ask(GameId(1), me, to(7)), Asked::Runs);
        for k in 2..=10 {
            assert_eq!(
                a.ask(GameId(k), me, to(7)),
                Asked::Queued {
                    ahead: k as usize - 1
                }
            );
        }
        assert_eq!(a.ask(GameId(11), me, to(7)), Asked::Full);
        assert_eq!(a.waiting(), 9);
        // The same game again is not a second analysis.
        assert_eq!(a.ask(GameId(3), me, to(7)), Asked::Joined);
        assert_eq!(a.waiting(), 9);
        // Someone else is not held up by the first person's nine.
        let you = UserId(8);
        assert_eq!(a.ask(GameId(20), you, to(8)), Asked::Queued { ahead: 10 });
        let (done, next) = a.finish();
        assert_eq!(done.map(|j| j.game), Some(GameId(1)));
        assert_eq!(next.map(|j| j.game), Some(GameId(20)));
        let (_, next) = a.finish();
        assert_eq!(next.map(|j| j.game), Some(GameId(2)));
        // The game asked for from two chats goes to both.
        let mut order = Vec::new();
        loop {
            let (done, next) = a.finish();
            if let Some(d) = done {
                order.push((d.game, d.to.len()));
            }
            if next.is_none() {
                break;
            }
        }
        assert_eq!(order.first(), Some(&(GameId(2), 1)));
        assert_eq!(order.len(), 9);
        assert!(a.running().is_none());
        assert_eq!(a.ask(GameId(11), me, to(7)), Asked::Runs);
    }

    #[test]
    fn a_game_asked_from_two_chats_goes_to_both() {
        let a = Analyses::start().expect("thread");
        assert_eq!(a.ask(GameId(1), UserId(1), to(-100)), Asked::Runs);
        assert_eq!(a.ask(GameId(1), UserId(2), to(2)), Asked::Joined);
        assert_eq!(a.ask(GameId(1), UserId(2), to(2)), Asked::Joined);
        let (done, _) = a.finish();
        let chats: Vec<i64> = done.expect("done").to.iter().map(|d| d.chat.0).collect();
        assert_eq!(chats, vec![-100, 2]);
    }
}

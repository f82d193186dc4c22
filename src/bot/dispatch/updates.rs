//! Receiving updates by long polling, and knowing that it works.
//!
//! teloxide's own polling listener hides the answers to `getUpdates` that carry no update,
//! so an idle bot and one whose polls fail look the same from outside. This listener does
//! what it does (one long poll at a time, the offset confirmed at stop, `retry_after` and a
//! growing pause after errors) and also stamps every answer in [`Liveness`], which
//! `/healthz` reads, and counts every poll in the metrics. Its calls go through
//! [`crate::bot::telegram::direct`], outside teloxide's request path (whose release waits
//! 10 s after a 5xx answer before the listener would see it). With a webhook, every delivered update stamps
//! [`Liveness`] instead.

use crate::bot::metrics;
use crate::bot::state::liveness::Liveness;
use crate::bot::telegram;
use crate::game::Cluster;
use futures::stream::{self, BoxStream, StreamExt};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};
use teloxide::RequestError;
use teloxide::adaptors::CacheMe;
use teloxide::errors::AsResponseParameters;
use teloxide::payloads::{DeleteWebhook, GetUpdates, GetWebhookInfo};
use teloxide::prelude::*;
use teloxide::stop::{StopFlag, StopToken, mk_stop_token};
use teloxide::types::{AllowedUpdate, Update};
use teloxide::update_listeners::{AsUpdateStream, UpdateListener};

/// How long one long poll waits for an update before Telegram answers with none.
pub const POLL_TIMEOUT: Duration = Duration::from_secs(10);

/// Long polling that stamps [`Liveness`] at every answer.
pub struct Polling {
    bot: CacheMe<Bot>,
    live: Arc<Liveness>,
    cluster: Arc<dyn Cluster>,
    /// Where to start: one past the last update any instance took.
    start: i32,
    allowed: Option<Vec<AllowedUpdate>>,
    token: StopToken,
    flag: Option<StopFlag>,
}

impl Polling {
    /// Poll with `bot`, stamping `live`. A webhook left set (a bot moved from webhook to
    /// polling) is deleted first: Telegram refuses `getUpdates` while one is set.
    pub async fn new(bot: CacheMe<Bot>, live: Arc<Liveness>, cluster: Arc<dyn Cluster>) -> Polling {
        let info = telegram::direct(bot.inner(), &GetWebhookInfo::new()).await;
        match info {
            Ok(info) if info.url.is_some() => {
                let deleted = telegram::direct(bot.inner(), &DeleteWebhook::new()).await;
                if let Err(e) = deleted {
                    tracing::warn!(error = %e, "could not delete the webhook");
                }
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "getWebhookInfo failed"),
        }
        let (token, flag) = mk_stop_token();
        let stored = {
            let cluster = cluster.clone();
            tokio::task::spawn_blocking(move || cluster.update_offset()).await
        };
        let start = match stored {
            Ok(Ok(offset)) => offset.and_then(|o| i32::try_from(o).ok()).unwrap_or(0),
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "cannot read the stored update offset; asking Telegram for every update waiting");
                0
            }
            Err(_) => 0,
        };
        Polling {
            bot,
            live,
            cluster,
            start,
            allowed: None,
            token,
            flag: Some(flag),
        }
    }
}

impl UpdateListener for Polling {
    type Err = RequestError;

    fn stop_token(&mut self) -> StopToken {
        self.token.clone()
    }

    fn hint_allowed_updates(&mut self, hint: &mut dyn Iterator<Item = AllowedUpdate>) {
        self.allowed = Some(hint.collect());
    }
}

/// The state of one polling stream.
struct Poller<'a> {
    p: &'a mut Polling,
    offset: i32,
    buffer: VecDeque<Update>,
    flag: StopFlag,
    errors: u32,
    done: bool,
}

impl<'a> AsUpdateStream<'a> for Polling {
    type StreamErr = RequestError;
    type Stream = BoxStream<'a, Result<Update, RequestError>>;

    fn as_stream(&'a mut self) -> Self::Stream {
        // A second stream gets a fresh stop token (the dispatcher asks for it again).
        let flag = self.flag.take().unwrap_or_else(|| {
            let (token, flag) = mk_stop_token();
            self.token = token;
            flag
        });
        let offset = self.start;
        let state = Poller {
            p: self,
            offset,
            buffer: VecDeque::new(),
            flag,
            errors: 0,
            done: false,
        };
        stream::unfold(state, |mut st| async move {
            let next = st.next().await;
            next.map(|item| (item, st))
        })
        .boxed()
    }
}

impl Poller<'_> {
    async fn next(&mut self) -> Option<Result<Update, RequestError>> {
        loop {
            if let Some(u) = self.buffer.pop_front() {
                return Some(Ok(u));
            }
            if self.done {
                return None;
            }
            let mut req = GetUpdates::new();
            req.offset = Some(self.offset);
            req.timeout = Some(POLL_TIMEOUT.as_secs() as u32);
            req.allowed_updates = self.p.allowed.clone();
            let r = tokio::select! {
                r = telegram::direct(self.p.bot.inner(), &req) => r,
                () = &mut self.flag => {
                    self.stop().await;
                    continue;
                }
            };
            match r {
                Ok(updates) => {
                    self.p.live.touch();
                    self.errors = 0;
                    if let Some(last) = updates.last() {
                        self.offset = last.id.as_offset();
                    }
                    let updates = self.unclaimed(updates).await;
                    self.buffer.extend(updates);
                }
                Err(e) => {
                    let pause = match e.retry_after() {
                        Some(s) => s.duration(),
                        None => {
                            self.errors = self.errors.saturating_add(1);
                            backoff(self.errors)
                        }
                    };
                    tracing::warn!(error = %e, retry_in_ms = pause.as_millis() as u64, "getUpdates failed");
                    tokio::select! {
                        () = tokio::time::sleep(pause) => {}
                        () = &mut self.flag => self.stop().await,
                    }
                    return Some(Err(e));
                }
            }
        }
    }

    /// Of `updates`, those no instance took before (an instance that took over after a
    /// crash is sent its predecessor's last updates again). If the store cannot say, all:
    /// their handlers meet the same store and answer that it is down.
    async fn unclaimed(&self, mut updates: Vec<Update>) -> Vec<Update> {
        if updates.is_empty() {
            return updates;
        }
        let ids: Vec<i64> = updates.iter().map(|u| i64::from(u.id.0)).collect();
        let cluster = self.p.cluster.clone();
        match tokio::task::spawn_blocking(move || cluster.claim_updates(&ids)).await {
            Ok(Ok(new)) => {
                let before = updates.len();
                updates.retain(|u| new.binary_search(&i64::from(u.id.0)).is_ok());
                let skipped = before - updates.len();
                if skipped > 0 {
                    tracing::info!(skipped, "updates another instance already took are skipped");
                    ::metrics::counter!("ugolki_updates_skipped_total").increment(skipped as u64);
                }
            }
            Ok(Err(e)) => tracing::warn!(error = %e, "cannot record the updates taken"),
            Err(e) => tracing::warn!(error = %e, "cannot record the updates taken"),
        }
        updates
    }

    /// Confirm the updates already taken (so a restart does not get them again) and end.
    async fn stop(&mut self) {
        self.done = true;
        let mut confirm = GetUpdates::new();
        confirm.offset = Some(self.offset);
        confirm.limit = Some(1);
        confirm.timeout = Some(0);
        if let Err(e) = telegram::direct(self.p.bot.inner(), &confirm).await {
            tracing::warn!(error = %e, "could not confirm the last updates at stop");
        }
    }
}

/// The pause after `n` failed polls in a row: 1 s, 2 s, 4 s, ... up to 30 s.
fn backoff(n: u32) -> Duration {
    Duration::from_secs(1u64 << n.saturating_sub(1).min(5)).min(Duration::from_secs(30))
}

/// A listener's updates less those another instance already took: with a webhook,
/// Telegram delivers again to the new leader what it had delivered to one that died
/// before answering, and each update is claimed in the store as it arrives.
pub struct Claimed<L> {
    inner: L,
    cluster: Arc<dyn Cluster>,
}

impl<L> Claimed<L> {
    /// `inner`'s updates, each claimed in `cluster`.
    pub fn new(inner: L, cluster: Arc<dyn Cluster>) -> Claimed<L> {
        Claimed { inner, cluster }
    }
}

impl<L> UpdateListener for Claimed<L>
where
    L: UpdateListener,
    L::Err: Send + 'static,
{
    type Err = L::Err;

    fn stop_token(&mut self) -> StopToken {
        self.inner.stop_token()
    }

    fn hint_allowed_updates(&mut self, hint: &mut dyn Iterator<Item = AllowedUpdate>) {
        self.inner.hint_allowed_updates(hint);
    }
}

impl<'a, L> AsUpdateStream<'a> for Claimed<L>
where
    L: AsUpdateStream<'a>,
    L::StreamErr: Send + 'a,
{
    type StreamErr = L::StreamErr;
    type Stream = BoxStream<'a, Result<Update, L::StreamErr>>;

    fn as_stream(&'a mut self) -> Self::Stream {
        let cluster = self.cluster.clone();
        self.inner
            .as_stream()
            .filter_map(move |r| {
                let cluster = cluster.clone();
                async move {
                    let u = match r {
                        Ok(u) => u,
                        Err(e) => return Some(Err(e)),
                    };
                    let id = i64::from(u.id.0);
                    match tokio::task::spawn_blocking(move || cluster.claim_updates(&[id])).await {
                        Ok(Ok(new)) if new.is_empty() => {
                            tracing::info!(
                                update = id,
                                "an update another instance already took is skipped"
                            );
                            ::metrics::counter!("ugolki_updates_skipped_total").increment(1);
                            None
                        }
                        Ok(Ok(_)) => Some(Ok(u)),
                        Ok(Err(e)) => {
                            tracing::warn!(error = %e, "cannot record the update taken");
                            Some(Ok(u))
                        }
                        Err(e) => {
                            tracing::warn!(error = %e, "cannot record the update taken");
                            Some(Ok(u))
                        }
                    }
                }
            })
            .boxed()
    }
}

/// How often a webhook bot asks Telegram about its webhook.
pub const WEBHOOK_CHECK: Duration = Duration::from_secs(30);

/// With a webhook an idle bot hears nothing, so ask Telegram now and then: no update
/// waiting means deliveries work (a stamp); updates piling up are left unstamped, and
/// `/healthz` turns unhealthy once the last delivery is old.
pub async fn watch_webhook(bot: CacheMe<Bot>, live: Arc<Liveness>) {
    let mut tick = tokio::time::interval(WEBHOOK_CHECK);
    loop {
        tick.tick().await;
        let started = Instant::now();
        let r = bot.get_webhook_info().await;
        metrics::telegram_call(
            "GetWebhookInfo",
            crate::bot::telegram::outcome(&r),
            started.elapsed(),
        );
        match r {
            Ok(info) if info.pending_update_count == 0 => live.touch(),
            Ok(info) => tracing::warn!(
                pending = info.pending_update_count,
                last_error = ?info.last_error_message,
                "updates are waiting for the webhook"
            ),
            Err(e) => tracing::warn!(error = %e, "getWebhookInfo failed"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn liveness_counts_from_the_last_answer() {
        let l = Liveness::default();
        assert_eq!(l.age(), None);
        l.touch();
        assert!(l.age().is_some_and(|a| a < Duration::from_secs(1)));
    }

    /// Updates from a list, as a webhook would deliver them.
    struct Listed(Vec<Update>, StopToken);

    impl UpdateListener for Listed {
        type Err = std::convert::Infallible;

        fn stop_token(&mut self) -> StopToken {
            self.1.clone()
        }
    }

    impl<'a> AsUpdateStream<'a> for Listed {
        type StreamErr = std::convert::Infallible;
        type Stream = BoxStream<'a, Result<Update, std::convert::Infallible>>;

        fn as_stream(&'a mut self) -> Self::Stream {
            stream::iter(self.0.drain(..).map(Ok)).boxed()
        }
    }

    /// Takes each update id once, as the PostgreSQL store does across instances.
    #[derive(Default)]
    struct Once(
        std::sync::Mutex<std::collections::BTreeSet<i64>>,
        crate::game::Solo,
    );

    impl Cluster for Once {
        fn role(&self) -> tokio::sync::watch::Receiver<crate::game::Role> {
            self.1.role()
        }
        fn claim_updates(&self, ids: &[i64]) -> Result<Vec<i64>, crate::game::StoreError> {
            let mut taken = self.0.lock().unwrap_or_else(|e| e.into_inner());
            Ok(ids.iter().copied().filter(|i| taken.insert(*i)).collect())
        }
        fn update_offset(&self) -> Result<Option<i64>, crate::game::StoreError> {
            Ok(None)
        }
        fn trouble(&self) -> Option<String> {
            None
        }
        fn publish(&self, _: crate::game::Changed) {}
        fn changes(&self) -> tokio::sync::broadcast::Receiver<crate::game::Changed> {
            self.1.changes()
        }
    }

    fn update(id: u32) -> Update {
        serde_json::from_value(serde_json::json!({
            "update_id": id,
            "message": {
                "message_id": 1, "date": 0, "text": "c3-d3",
                "chat": {"id": 5, "type": "private", "first_name": "A"},
                "from": {"id": 5, "is_bot": false, "first_name": "A"}
            }
        }))
        .expect("an update")
    }

    #[tokio::test]
    async fn a_webhooks_update_taken_before_is_skipped() {
        let cluster: Arc<dyn Cluster> = Arc::new(Once::default());
        // Another instance took update 2 before it died; Telegram delivers it again here.
        cluster.claim_updates(&[2]).expect("claimed");
        let (token, _flag) = mk_stop_token();
        let mut l = Claimed::new(
            Listed(vec![update(1), update(2), update(3), update(1)], token),
            cluster,
        );
        let got: Vec<u32> = l
            .as_stream()
            .map(|r| r.map(|u| u.id.0))
            .collect::<Vec<_>>()
            .await
            .into_iter()
            .map(|r| r.unwrap_or_else(|e| match e {}))
            .collect();
        assert_eq!(got, vec![1, 3]);
    }

    #[test]
    fn failed_polls_back_off_up_to_half_a_minute() {
        let pauses: Vec<u64> = (1..=8).map(|n| backoff(n).as_secs()).collect();
        assert_eq!(pauses, [1, 2, 4, 8, 16, 30, 30, 30]);
    }
}

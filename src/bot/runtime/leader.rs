//! Standing by and leading: an instance makes no call to Telegram until the cluster says
//! it leads, and stops every call the moment it can no longer be sure it does.
//!
//! Stopping is a restart in place: the process executes itself again with the same
//! arguments, so every call in flight, every queued board edit and every timer ends at
//! once, and the new process starts as a standby (a supervisor is not needed for that).
//! Nothing acknowledged is lost: every move was in the database before it was answered.

use crate::game::{Cluster, Role};
use std::sync::Arc;

/// Wait until this instance leads (true), or can no longer lead (false).
pub async fn until_leading(cluster: &Arc<dyn Cluster>) -> bool {
    let mut role = cluster.role();
    ::metrics::gauge!("ugolki_leader").set(0.0);
    if *role.borrow() == Role::Standby {
        tracing::info!(
            "standing by: another instance leads (or none can yet); no call to Telegram until this one does"
        );
    }
    let led = matches!(
        role.wait_for(|r| *r != Role::Standby).await.as_deref(),
        Ok(Role::Leader)
    );
    if led {
        ::metrics::gauge!("ugolki_leader").set(1.0);
        ::metrics::counter!("ugolki_leadership_taken_total").increment(1);
        tracing::info!("leading: this instance talks to Telegram");
    }
    led
}

/// Restart as a standby the moment leadership is lost.
pub async fn watch(cluster: Arc<dyn Cluster>) {
    let mut role = cluster.role();
    if role.wait_for(|r| *r == Role::Lost).await.is_ok() {
        restart_as_standby();
    }
}

/// Execute this program again with the same arguments (or exit, if that fails: a
/// supervisor starts it again).
fn restart_as_standby() -> ! {
    ::metrics::gauge!("ugolki_leader").set(0.0);
    tracing::error!("leadership lost: every call stops; starting again as a standby");
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let mut args = std::env::args_os();
        let _ = args.next();
        if let Ok(exe) = std::env::current_exe() {
            let e = std::process::Command::new(exe).args(args).exec();
            tracing::error!(error = %e, "cannot start again; exiting for the supervisor to");
        }
    }
    std::process::exit(75)
}

/// Carry the other instances' changes into this one: its pages are woken, and, while it
/// leads, the chats' boards are brought up to date, an end announced, the program's
/// answer started and the timer asked to look again (a move made on a standby's page
/// moved a deadline).
pub async fn follow(app: crate::bot::state::App) {
    use tokio::sync::broadcast::error::RecvError;
    let mut changes = app.cluster.changes();
    // The newest version shown of each game changed elsewhere: a change read at a newer
    // version than announced is not shown (nor its end announced) twice.
    let mut shown: std::collections::HashMap<crate::game::GameId, crate::game::Version> =
        std::collections::HashMap::new();
    loop {
        let c = match changes.recv().await {
            Ok(c) => c,
            Err(RecvError::Lagged(n)) => {
                tracing::warn!(
                    missed = n,
                    "changes from other instances came faster than they were read"
                );
                continue;
            }
            Err(RecvError::Closed) => return,
        };
        app.views.pages().changed(c.game, c.version);
        if !app.cluster.leads() {
            continue;
        }
        app.games.service().deadlines_changed().notify_one();
        let g = match app.games.read(|s| s.game(c.game)) {
            Ok(g) => g,
            Err(e) => {
                tracing::warn!(game = %c.game, error = %e, "cannot read a game changed elsewhere");
                continue;
            }
        };
        if shown.get(&g.id).is_some_and(|v| *v >= g.version) {
            continue;
        }
        if shown.len() >= 100_000 {
            shown.clear();
        }
        shown.insert(g.id, g.version);
        crate::bot::play::changed_here(&app, g.into());
    }
}

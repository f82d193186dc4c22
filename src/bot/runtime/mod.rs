//! What runs beside the handlers: the timer task, start-up repair, the retention sweep,
//! and `/healthz` with `/metrics`.

pub(crate) mod health;
pub(crate) mod leader;
pub(crate) mod recover;
pub(crate) mod retention;
pub(crate) mod timer;

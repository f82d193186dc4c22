//! Commonly used items.

#[doc(no_inline)]
pub use crate::{
    payloads::setters::*,
    requests::{Request, Requester, RequesterExt},
    types::{ChatId, UserId},
    Bot,
};

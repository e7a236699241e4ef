//! Plans kept in the core between calls, by number.
//!
//! A host that keeps a tool's plan here (`http.keep`, on the tool's first call) sends the
//! plan's number with each call instead of the plan: a call then reads its arguments only, not
//! the plan again. The host forgets the plan (`http.forget`) when no call can come any more
//! (the npm package: when its plan object is garbage-collected). A forgotten number may be
//! given to a later plan.

use std::sync::{Mutex, PoisonError};

use super::plan::Plan;

struct Kept {
    plans: Vec<Option<Plan>>,
    free: Vec<usize>,
}

static KEPT: Mutex<Kept> = Mutex::new(Kept { plans: Vec::new(), free: Vec::new() });

fn with_kept<R>(f: impl FnOnce(&mut Kept) -> R) -> R {
    // A panic while the lock was held leaves nothing half-written here: use the data as it is.
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    f(&mut kept)
}

/// Keeps `plan`; its number.
pub fn keep(plan: Plan) -> usize {
    with_kept(|k| match k.free.pop() {
        Some(id) => {
            k.plans[id] = Some(plan);
            id
        }
        None => {
            k.plans.push(Some(plan));
            k.plans.len() - 1
        }
    })
}

/// `f` over the plan kept as `id`, or `None` when there is none.
pub fn with<R>(id: usize, f: impl FnOnce(&Plan) -> R) -> Option<R> {
    with_kept(|k| k.plans.get(id).and_then(Option::as_ref).map(f))
}

/// Forgets the plan kept as `id`; whether there was one.
pub fn forget(id: usize) -> bool {
    with_kept(|k| match k.plans.get_mut(id).and_then(Option::take) {
        Some(_) => {
            k.free.push(id);
            true
        }
        None => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::plan::{Mode, Rest};

    fn plan(url: &str) -> Plan {
        Plan {
            method: "GET".into(),
            url: url.into(),
            headers: vec![],
            params: vec![],
            rest: Rest::Query,
            body: None,
            body_arg: None,
            mode: Mode::Text,
            max_bytes: 1,
            timeout_ms: 1,
            vars: vec![],
        }
    }

    #[test]
    fn keeps_finds_and_forgets() {
        let a = keep(plan("https://a.test"));
        let b = keep(plan("https://b.test"));
        assert_ne!(a, b);
        assert_eq!(with(a, |p| p.url.clone()).as_deref(), Some("https://a.test"));
        assert!(forget(a));
        assert!(!forget(a));
        assert_eq!(with(a, |p| p.url.clone()), None);
        assert_eq!(with(b, |p| p.url.clone()).as_deref(), Some("https://b.test"));
        assert!(forget(b));
        assert_eq!(with(usize::MAX, |_| ()), None);
    }
}

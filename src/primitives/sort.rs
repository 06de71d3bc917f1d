//! Sorting by an integer key through one instance of the standard library's sort, shared by
//! every call site: each call of `sort_by_key` with its own closure is an instance of its own,
//! several kilobytes of code that the WebAssembly build paid for some thirty times over.

/// A sort key: two integers compared in order (the second breaks ties of the first).
pub(crate) type Key = (u64, u64);

/// Sorts `items` by `key`, stably (items of equal keys keep their order). A list already in
/// order, as most are, is only read.
pub(crate) fn sort_by_key<T>(items: &mut [T], key: impl Fn(&T) -> Key) {
    let in_order = items
        .iter()
        .zip(items.iter().skip(1))
        .all(|(before, after)| key(before) <= key(after));
    if in_order {
        return;
    }
    let mut order: Vec<(Key, usize)> = items.iter().map(&key).zip(0..).collect();
    sort_keys(&mut order);
    // Each place takes the item `order` names for it, a cycle of the permutation at a time.
    let mut placed = vec![false; items.len()];
    for start in 0..items.len() {
        let mut at = start;
        while placed.get(at) == Some(&false) {
            if let Some(done) = placed.get_mut(at) {
                *done = true;
            }
            let from = order.get(at).map_or(start, |&(_, from)| from);
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

/// The one instance of the standard library's sort: keys, and their items' places to break
/// ties, so that the unstable sort keeps equal keys in order.
#[inline(never)]
fn sort_keys(order: &mut [(Key, usize)]) {
    order.sort_unstable();
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn sorts_as_the_standard_stable_sort(items in proptest::collection::vec((0u64..5, 0u64..3, any::<u8>()), 0..40)) {
            let mut ours = items.clone();
            sort_by_key(&mut ours, |&(a, b, _)| (a, b));
            let mut theirs = items;
            theirs.sort_by_key(|&(a, b, _)| (a, b));
            prop_assert_eq!(ours, theirs);
        }
    }
}

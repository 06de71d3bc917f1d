//! The wording of every chess FEN diagnostic, in one place: the record and its fields, the
//! placement, and the legality step (what a variant adds is worded by `crate::variant`). The rules decide what is wrong and where; these functions
//! say it (built only on the diagnostic run, or once the legality step found a problem). Each
//! is named after the code it reports, or after its finding where findings share a code.
//!
//! One file per part of the record: `record` (the record and its placement), `fields` (the
//! fields after it), `legality` (the validation step).

mod fields;
mod legality;
mod record;

pub(super) use fields::*;
pub(crate) use legality::with_checkers;
pub(super) use legality::*;
pub(super) use record::*;

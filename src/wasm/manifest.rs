//! What the entry file learns from the core once, at start-up: the codes of the protocol and
//! the rules' constants, as JSON. Every code and constant the entry uses comes from here, so
//! each has one home, in Rust.

use std::fmt::{self, Write};

use super::buffer::{UnitWriter, BYTES, MESSAGE_AT, UNITS};
use crate::definition::{NAME_EMPTY, NAME_OK, QUOTE_NAME, QUOTE_ROOT_TYPE, QUOTE_SOURCE, UNKNOWN_SOURCE};
use crate::error::WINDOW_UNITS;
use crate::result::{Answer, Kind, Step, OVERFLOWED, UNPRINTABLE};
use crate::rules::{FieldTypes, JsType, Source, NAME_CLASS};

/// Up to this many UTF-16 units, `sanitize` has the engine apply the core's pattern (copying a
/// short string into WebAssembly and back costs more than the work); longer strings cross in
/// chunks to the byte pass, which beats the engine's regular expression by far.
pub const ENGINE_UP_TO: usize = 256;

pub fn write(w: &mut UnitWriter<'_>) -> fmt::Result {
    w.write_str("{\"types\":[")?;
    for (i, (_, name)) in JsType::ALL.iter().enumerate() {
        write!(w, "{}\"{name}\"", if i == 0 { "" } else { "," })?;
    }
    w.write_str("],\"sources\":[")?;
    for (i, s) in Source::ALL.iter().enumerate() {
        write!(w, "{}\"{}\"", if i == 0 { "" } else { "," }, s.as_str())?;
    }
    w.write_str("],\"steps\":{")?;
    for (i, s) in Step::ALL.iter().enumerate() {
        write!(w, "{}\"{}\":{}", if i == 0 { "" } else { "," }, s.name(), *s as u32)?;
    }
    write!(
        w,
        "}},\"kinds\":{{\"string\":{},\"object\":{},\"function\":{},\"other\":{}}}",
        Kind::String as u32,
        Kind::Object as u32,
        Kind::Function as u32,
        Kind::Other as u32
    )?;
    write!(
        w,
        ",\"answers\":{{\"no\":{},\"yes\":{},\"threw\":{}}}",
        Answer::No as u32,
        Answer::Yes as u32,
        Answer::Threw as u32
    )?;
    write!(
        w,
        ",\"nameOk\":{NAME_OK},\"nameEmpty\":{NAME_EMPTY},\"unknownSource\":{UNKNOWN_SOURCE}\
         ,\"quoteName\":{QUOTE_NAME},\"quoteSource\":{QUOTE_SOURCE},\"quoteRootType\":{QUOTE_ROOT_TYPE}\
         ,\"schemaObject\":{},\"define\":{},\"rootType\":\"object\"",
        FieldTypes::SCHEMA_OBJECT,
        FieldTypes::DEFINE
    )?;
    write!(
        w,
        ",\"nameClass\":\"{NAME_CLASS}\",\"engineUpTo\":{ENGINE_UP_TO},\"bufferBytes\":{BYTES},\"bufferUnits\":{UNITS}\
         ,\"window\":{WINDOW_UNITS},\"messageAt\":{MESSAGE_AT},\"unprintable\":\"{UNPRINTABLE}\"\
         ,\"overflowed\":\"{OVERFLOWED}\"}}"
    )
}

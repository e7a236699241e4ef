//! The definition checks of `defineTool` and `new Tool`, over numbers.
//!
//! The entry file reads each field once and sends what the checks need: the fields' types as
//! one [`FieldTypes`] word, the source as its code (or [`UNKNOWN_SOURCE`]), and the verdict of
//! the name check ([`NAME_OK`], [`NAME_EMPTY`], or the index of the first refused unit). The
//! answer is a [`Verdict`]: which defaults the tool gets, or which field is refused and why.

use crate::error::{DefinitionError, Problem};
use crate::rules::{first_bad_unit, Field, FieldTypes, JsType, Source};

/// The name verdict for a name whose every unit is allowed.
pub const NAME_OK: i32 = -1;
/// The name verdict for `""`.
pub const NAME_EMPTY: i32 = -2;
/// The source code for a string that names no source.
pub const UNKNOWN_SOURCE: i32 = -1;

/// The verdict on one chunk of a name's UTF-16 units, `offset` units into the name.
pub fn check_name_chunk(units: &[u16], offset: usize) -> i32 {
    if units.is_empty() && offset == 0 {
        return NAME_EMPTY;
    }
    match first_bad_unit(units) {
        None => NAME_OK,
        Some(index) => i32::try_from(offset + index).unwrap_or(i32::MAX),
    }
}

/// A refusal whose message quotes nothing.
pub const REFUSED: i32 = -1;
/// A refusal whose message quotes the name.
pub const QUOTE_NAME: i32 = -2;
/// A refusal whose message quotes the source.
pub const QUOTE_SOURCE: i32 = -3;
/// A refusal whose message quotes `inputSchema.type`.
pub const QUOTE_ROOT_TYPE: i32 = -4;

/// An accepted verdict's bit saying the tool gets the default schema.
pub const DEFAULT_SCHEMA_BIT: i32 = 1;
/// Where an accepted verdict's default source sits: its code plus one, or 0 for none.
pub const SOURCE_SHIFT: i32 = 1;

/// What `defineTool` / `new Tool` does with a definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The tool is made; `schema` says whether it gets a fresh default schema, `source` which
    /// source it gets when the definition named none.
    Accepted {
        default_schema: bool,
        default_source: Option<Source>,
    },
    Refused(DefinitionError),
}

impl Verdict {
    /// The verdict as one number for the entry: `0..16` accepted (bit 0: the default schema;
    /// bits 1–3: the default source's code plus one, or 0 to keep the given source); negative
    /// refused: [`REFUSED`], or the `QUOTE_*` code of the string the message quotes, which the
    /// entry then sends.
    pub fn code(self) -> i32 {
        match self {
            Verdict::Accepted { default_schema, default_source } => {
                (if default_schema { DEFAULT_SCHEMA_BIT } else { 0 })
                    | default_source.map_or(0, |s| (s as i32 + 1) << SOURCE_SHIFT)
            }
            Verdict::Refused(error) => match error.problem {
                Problem::BadName => QUOTE_NAME,
                Problem::UnknownSourceText => QUOTE_SOURCE,
                Problem::NotObjectRoot(JsType::String) => QUOTE_ROOT_TYPE,
                _ => REFUSED,
            },
        }
    }
}

/// Checks a definition, the fields in the order the contract lists them.
pub fn check(types: FieldTypes, source: i32, name: i32) -> Verdict {
    let maker = types.maker();
    let refuse = |field, problem| Verdict::Refused(DefinitionError::new(maker, field, problem));
    if !types.definition().is_object() {
        return refuse(Field::Options, Problem::NotObject(types.definition()));
    }
    if types.name() != JsType::String {
        return refuse(Field::Name, Problem::NotString(types.name()));
    }
    match name {
        NAME_OK => {}
        NAME_EMPTY => return refuse(Field::Name, Problem::EmptyName),
        _ => return refuse(Field::Name, Problem::BadName),
    }
    if types.description() != JsType::String {
        return refuse(Field::Description, Problem::NotString(types.description()));
    }
    let default_schema = match types.input_schema() {
        JsType::Undefined => true,
        JsType::Object if types.schema_type_is_object() => false,
        JsType::Object => return refuse(Field::InputSchema, Problem::NotObjectRoot(types.schema_type())),
        other => return refuse(Field::InputSchema, Problem::NotSchema(other)),
    };
    let default_source = match types.source() {
        JsType::Undefined | JsType::Null => Some(maker.default_source()),
        JsType::String => match Source::ALL.get(source as usize).filter(|_| source >= 0) {
            Some(_) => None,
            None => return refuse(Field::Source, Problem::UnknownSourceText),
        },
        other => return refuse(Field::Source, Problem::UnknownSource(other)),
    };
    if types.function() != JsType::Function {
        return refuse(maker.function_field(), Problem::NotFunction(types.function()));
    }
    Verdict::Accepted { default_schema, default_source }
}

/// The fields in the order the entry file reads them, for a read that threw.
pub const READ_ORDER: [Field; 5] =
    [Field::Name, Field::Description, Field::InputSchema, Field::Source, Field::Run];

/// The error for a definition whose field number `read` (in [`READ_ORDER`]) threw when read.
/// A definition that is not an object at all is refused for that first.
pub fn read_failed(types: FieldTypes, read: u32) -> DefinitionError {
    let maker = types.maker();
    if !types.definition().is_object() {
        return DefinitionError::new(maker, Field::Options, Problem::NotObject(types.definition()));
    }
    let field = match READ_ORDER.get(read as usize) {
        Some(Field::Run) | None => maker.function_field(),
        Some(field) => *field,
    };
    DefinitionError::new(maker, field, Problem::ReadThrew)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Maker;

    /// The word for a definition object whose fields have these types.
    fn types(define: bool, fields: [JsType; 6], schema_type: JsType, object_root: bool) -> FieldTypes {
        let mut word = fields.iter().enumerate().fold(0, |acc, (i, t)| acc | (*t as u32) << (4 * i));
        word |= (schema_type as u32) << 24;
        if object_root {
            word |= FieldTypes::SCHEMA_OBJECT;
        }
        if define {
            word |= FieldTypes::DEFINE;
        }
        FieldTypes(word)
    }

    use JsType::{Array, Function as Func, Null, Number, Object, String as Str, Undefined};

    fn good(schema: JsType, source: JsType) -> [JsType; 6] {
        [Object, Str, Str, schema, source, Func]
    }

    fn problem(v: Verdict) -> Option<(Field, Problem)> {
        match v {
            Verdict::Refused(e) => Some((e.field, e.problem)),
            Verdict::Accepted { .. } => None,
        }
    }

    #[test]
    fn a_full_definition_keeps_its_values() {
        let v = check(types(true, good(Object, Str), Str, true), Source::Custom as i32, NAME_OK);
        assert_eq!(v, Verdict::Accepted { default_schema: false, default_source: None });
        assert_eq!(v.code(), 0);
    }

    #[test]
    fn left_out_fields_get_the_makers_defaults() {
        let v = check(types(true, good(Undefined, Undefined), Undefined, false), UNKNOWN_SOURCE, NAME_OK);
        assert_eq!(v, Verdict::Accepted { default_schema: true, default_source: Some(Source::Native) });
        assert_eq!(v.code(), 1 | ((Source::Native as i32 + 1) << 1));
        let v = check(types(false, good(Undefined, Null), Undefined, false), UNKNOWN_SOURCE, NAME_OK);
        assert_eq!(v, Verdict::Accepted { default_schema: true, default_source: Some(Source::Custom) });
    }

    #[test]
    fn each_field_is_refused_in_order() {
        let t = |fields, root| types(true, fields, Str, root);
        assert_eq!(
            problem(check(t([Null, Str, Str, Object, Str, Func], true), 0, NAME_OK)),
            Some((Field::Options, Problem::NotObject(Null)))
        );
        assert_eq!(
            problem(check(t([Object, Number, Number, Object, Str, Func], true), 0, NAME_OK)),
            Some((Field::Name, Problem::NotString(Number)))
        );
        assert_eq!(
            problem(check(t(good(Object, Str), true), 0, NAME_EMPTY)),
            Some((Field::Name, Problem::EmptyName))
        );
        assert_eq!(problem(check(t(good(Object, Str), true), 0, 3)), Some((Field::Name, Problem::BadName)));
        assert_eq!(
            problem(check(t([Object, Str, Undefined, Object, Str, Func], true), 0, NAME_OK)),
            Some((Field::Description, Problem::NotString(Undefined)))
        );
        assert_eq!(
            problem(check(t(good(Array, Str), true), 0, NAME_OK)),
            Some((Field::InputSchema, Problem::NotSchema(Array)))
        );
        assert_eq!(
            problem(check(t(good(Null, Str), true), 0, NAME_OK)),
            Some((Field::InputSchema, Problem::NotSchema(Null)))
        );
        assert_eq!(
            problem(check(types(true, good(Object, Str), Undefined, false), 0, NAME_OK)),
            Some((Field::InputSchema, Problem::NotObjectRoot(Undefined)))
        );
        assert_eq!(
            problem(check(t(good(Object, Str), true), UNKNOWN_SOURCE, NAME_OK)),
            Some((Field::Source, Problem::UnknownSourceText))
        );
        assert_eq!(
            problem(check(t(good(Object, Number), true), 0, NAME_OK)),
            Some((Field::Source, Problem::UnknownSource(Number)))
        );
        assert_eq!(
            problem(check(t([Object, Str, Str, Object, Str, Object], true), 0, NAME_OK)),
            Some((Field::Run, Problem::NotFunction(Object)))
        );
        assert_eq!(
            problem(check(types(false, [Object, Str, Str, Object, Str, Undefined], Str, true), 0, NAME_OK)),
            Some((Field::Execute, Problem::NotFunction(Undefined)))
        );
    }

    #[test]
    fn refusals_that_quote_ask_for_the_text() {
        assert_eq!(check(types(true, good(Object, Str), Str, true), 0, 0).code(), QUOTE_NAME);
        assert_eq!(check(types(true, good(Object, Str), Str, true), 0, NAME_EMPTY).code(), REFUSED);
        assert_eq!(
            check(types(true, good(Object, Str), Str, true), UNKNOWN_SOURCE, NAME_OK).code(),
            QUOTE_SOURCE
        );
        assert_eq!(check(types(true, good(Object, Str), Str, false), 0, NAME_OK).code(), QUOTE_ROOT_TYPE);
        assert_eq!(check(types(true, good(Object, Str), Number, false), 0, NAME_OK).code(), REFUSED);
        // Out-of-range source codes are unknown sources, not a panic.
        assert_eq!(check(types(true, good(Object, Str), Str, true), 7, NAME_OK).code(), QUOTE_SOURCE);
        assert_eq!(check(types(true, good(Object, Str), Str, true), i32::MIN, NAME_OK).code(), QUOTE_SOURCE);
    }

    #[test]
    fn name_chunks_report_the_first_bad_unit_of_the_whole_name() {
        let units: Vec<u16> = "ab c".encode_utf16().collect();
        assert_eq!(check_name_chunk(&units, 0), 2);
        assert_eq!(check_name_chunk(&units, 1000), 1002);
        assert_eq!(check_name_chunk(&units[..2], 0), NAME_OK);
        assert_eq!(check_name_chunk(&[], 0), NAME_EMPTY);
        assert_eq!(check_name_chunk(&[], 5), NAME_OK);
        assert_eq!(check_name_chunk(&[0xD800], 0), 0);
    }

    #[test]
    fn failed_reads_name_the_field() {
        let t = types(true, good(Object, Str), Str, true);
        assert_eq!(read_failed(t, 0).field, Field::Name);
        assert_eq!(read_failed(t, 2).field, Field::InputSchema);
        assert_eq!(read_failed(t, 4).field, Field::Run);
        assert_eq!(read_failed(FieldTypes(t.0 & !FieldTypes::DEFINE), 4).field, Field::Execute);
        assert_eq!(read_failed(t, 99).field, Field::Run);
        let not_object =
            types(true, [Null, Undefined, Undefined, Undefined, Undefined, Undefined], Undefined, false);
        assert_eq!(read_failed(not_object, 0).problem, Problem::NotObject(Null));
        assert_eq!(read_failed(t, 1).maker, Maker::DefineTool);
    }
}

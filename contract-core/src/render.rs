//! Every piece of text made from shapes and deltas: a field line, a signature, a
//! declaration (one line, or one member a line), and a delta's detail, before and
//! after. The macro's errors, the harness's messages, the reports and every CLI
//! format render through here; nothing reads this text back.

use std::fmt::Write as _;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::delta::{
    Attr, Change, Delta, DeltaKind, GenericChange, Member, Note, OrderReason, Shown, SignaturePart,
    SkipChange, Tagging, TraitChange,
};
use crate::serde_attrs::{attribute_text, Entries};
use crate::shape::{
    AssocConst, AssocType, FieldShape, FieldStyle, FnShape, GenericParam, Generics, Implementor,
    ItemShape, Repr, Symbol, TraitMethod, TraitShape, Value, VariantShape,
};

/// One-line forms longer than this are shown one member a line.
const ONE_LINE: usize = 72;

// ---- shapes ---------------------------------------------------------------------------

/// `#[serde(default)] pub name: Type`.
pub fn field(f: &FieldShape) -> String {
    let mut out = prefix(&attribute_text(&f.serde.entries()));
    if !f.vis.is_public() && f.vis != crate::shape::Visibility::Private {
        let _ = write!(out, "{} ", f.vis);
    } else if f.vis.is_public() {
        out.push_str("pub ");
    }
    if f.name.parse::<usize>().is_err() {
        out.push_str(&f.name);
        out.push_str(": ");
    }
    let _ = write!(out, "{}", f.ty);
    out
}

fn prefix(attr: &str) -> String {
    if attr.is_empty() {
        String::new()
    } else {
        format!("{attr} ")
    }
}

/// `#[serde(rename = "x")] Name { a: T } = 3`.
pub fn variant(v: &VariantShape) -> String {
    let mut out = prefix(&attribute_text(&v.serde.entries()));
    if v.non_exhaustive {
        out.push_str("#[non_exhaustive] ");
    }
    out.push_str(&v.name);
    out.push_str(&fields(v.style, &v.fields));
    if let Some(d) = &v.discriminant {
        out.push_str(" = ");
        out.push_str(d);
    }
    out
}

/// ` { a: T, b: U }`, `(T, U)` or nothing.
pub fn fields(style: FieldStyle, fields: &[FieldShape]) -> String {
    let list: Vec<String> = fields.iter().map(field).collect();
    match style {
        FieldStyle::Named if list.is_empty() => " {}".to_owned(),
        FieldStyle::Named => format!(" {{ {} }}", list.join(", ")),
        FieldStyle::Tuple => format!("({})", list.join(", ")),
        FieldStyle::Unit => String::new(),
    }
}

/// `pub async fn name<T: Send>(&self, x: u8) -> u32`.
pub fn signature(name: &str, f: &FnShape) -> String {
    let mut out = String::new();
    if f.hidden {
        out.push_str("#[doc(hidden)] ");
    }
    if !f.target_features.is_empty() {
        let features: Vec<&str> = f.target_features.iter().map(String::as_str).collect();
        let _ = write!(out, "#[target_feature(enable = {:?})] ", features.join(","));
    }
    match &f.export {
        Some(symbol) if symbol == name => out.push_str("#[no_mangle] "),
        Some(symbol) => {
            let _ = write!(out, "#[export_name = {symbol:?}] ");
        }
        None => {}
    }
    if f.vis != crate::shape::Visibility::Private {
        let _ = write!(out, "{} ", f.vis);
    }
    for (on, word) in [
        (f.constness, "const"),
        (f.asyncness, "async"),
        (f.unsafety, "unsafe"),
    ] {
        if on {
            out.push_str(word);
            out.push(' ');
        }
    }
    if let Some(abi) = &f.abi {
        let _ = write!(out, "extern {abi:?} ");
    }
    out.push_str("fn ");
    out.push_str(name);
    out.push_str(&generic_params(&f.generics));
    let mut params: Vec<String> = f.receiver.iter().map(ToString::to_string).collect();
    params.extend(f.params.iter().map(|p| format!("{}: {}", p.name, p.ty)));
    out.push('(');
    out.push_str(&params.join(", "));
    out.push(')');
    if let Some(output) = &f.output {
        let _ = write!(out, " -> {output}");
    }
    out.push_str(&where_clause(&f.generics));
    out
}

fn generic_param(p: &GenericParam) -> String {
    match p {
        GenericParam::Lifetime { name, bounds } => {
            if bounds.is_empty() {
                name.clone()
            } else {
                format!("{name}: {}", bounds.join(" + "))
            }
        }
        GenericParam::Type {
            name,
            bounds,
            default,
        } => {
            let mut s = name.clone();
            if !bounds.is_empty() {
                s.push_str(": ");
                s.push_str(&join(bounds, " + "));
            }
            if let Some(d) = default {
                let _ = write!(s, " = {d}");
            }
            s
        }
        GenericParam::Const { name, ty, default } => {
            let mut s = format!("const {name}: {ty}");
            if let Some(d) = default {
                let _ = write!(s, " = {d}");
            }
            s
        }
    }
}

fn join<T: std::fmt::Display>(items: &[T], sep: &str) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

/// `impl<T: Clone> Trait for W<T>`, `impl<T> Borrow<T> for Arc<T>`.
pub fn implementor(trait_name: &str, i: &Implementor) -> String {
    let args = match i.trait_args.as_slice() {
        [] => String::new(),
        args => format!("<{}>", join(args, ", ")),
    };
    format!(
        "impl{} {trait_name}{args} for {}{}",
        generic_params(&i.generics),
        i.ty,
        where_clause(&i.generics)
    )
}

/// `<'a, T: Clone = u8, const N: usize>`, or empty.
pub fn generic_params(g: &Generics) -> String {
    if g.params.is_empty() {
        return String::new();
    }
    let params: Vec<String> = g.params.iter().map(generic_param).collect();
    format!("<{}>", params.join(", "))
}

/// `<T: Clone> where Vec<T>: Debug`: parameters and where clause, or empty.
pub fn generics(g: &Generics) -> String {
    format!("{}{}", generic_params(g), where_clause(g))
}

/// ` where A: B, …`, or empty.
pub fn where_clause(g: &Generics) -> String {
    if g.where_clause.is_empty() {
        String::new()
    } else {
        format!(" where {}", join(&g.where_clause, ", "))
    }
}

/// A value, rows one per line when long.
pub fn value(v: &Value) -> String {
    match v {
        Value::Expr(e) => e.clone(),
        Value::Rows(rows) => format!("[{}]", rows.join(", ")),
        Value::Extern => "(defined in foreign code)".to_owned(),
    }
}

fn trait_method(name: &str, m: &TraitMethod) -> String {
    let body = if m.provided { " { … }" } else { ";" };
    format!("{}{body}", signature(name, &m.sig))
}

fn assoc_type(name: &str, t: &AssocType) -> String {
    let mut s = format!("type {name}{}", generics(&t.generics));
    if !t.bounds.is_empty() {
        let _ = write!(s, ": {}", join(&t.bounds, " + "));
    }
    if let Some(d) = &t.default {
        let _ = write!(s, " = {d}");
    }
    s.push(';');
    s
}

fn assoc_const(name: &str, c: &AssocConst) -> String {
    match &c.default {
        Some(d) => format!("const {name}: {} = {d};", c.ty),
        None => format!("const {name}: {};", c.ty),
    }
}

/// `unsafe trait Name<T>: Super + Other` (no body).
pub fn trait_header(name: &str, t: &TraitShape) -> String {
    let unsafety = if t.unsafety { "unsafe " } else { "" };
    let supertraits = if t.supertraits.is_empty() {
        String::new()
    } else {
        format!(": {}", join(&t.supertraits, " + "))
    };
    format!(
        "{unsafety}trait {name}{}{supertraits}{}",
        generic_params(&t.generics),
        where_clause(&t.generics)
    )
}

fn trait_items(t: &TraitShape) -> Vec<String> {
    let mut items: Vec<String> = t.methods.iter().map(|(n, m)| trait_method(n, m)).collect();
    items.extend(t.types.iter().map(|(n, a)| assoc_type(n, a)));
    items.extend(t.consts.iter().map(|(n, c)| assoc_const(n, c)));
    items
}

/// A one-line declaration of an item.
pub fn item_decl(name: &str, item: &ItemShape) -> String {
    match item {
        ItemShape::Struct(s) => format!(
            "struct {name}{}{}{}",
            generic_params(&s.generics),
            fields(s.style, &s.fields),
            where_clause(&s.generics)
        ),
        ItemShape::Enum(e) => {
            let variants: Vec<String> = e.variants.iter().map(variant).collect();
            format!(
                "enum {name}{}{} {{ {} }}",
                generic_params(&e.generics),
                where_clause(&e.generics),
                variants.join(", ")
            )
        }
        ItemShape::Trait(t) => format!(
            "{} {{ {} }}",
            trait_header(name, t),
            trait_items(t).join(" ")
        ),
        ItemShape::Fn(f) => signature(name, f),
        ItemShape::TypeAlias(a) => {
            format!(
                "type {name}{} = {}",
                generics(&a.generics),
                alias_target(name, &a.target)
            )
        }
        ItemShape::Const(c) => format!("const {name}: {} = {}", c.ty, value(&c.value)),
        ItemShape::Static(s) => {
            let m = if s.mutable { "static mut" } else { "static" };
            match (&s.value, s.unsafety) {
                (crate::shape::Value::Extern, true) => format!("unsafe {m} {name}: {};", s.ty),
                (crate::shape::Value::Extern, false) => format!("safe {m} {name}: {};", s.ty),
                _ => format!("{m} {name}: {} = {}", s.ty, value(&s.value)),
            }
        }
        ItemShape::Union(u) => format!(
            "union {name}{}{}{}",
            generic_params(&u.generics),
            fields(FieldStyle::Named, &u.fields),
            where_clause(&u.generics)
        ),
        ItemShape::MacroRules(m) => {
            let export = if m.vis.is_public() {
                "#[macro_export] "
            } else {
                ""
            };
            format!("{export}macro_rules! {name}")
        }
        ItemShape::ProcMacro(p) => proc_macro(name, p),
        ItemShape::Feature(f) => feature(name, f),
        // A module's symbol ends in `::` (`sys::`): its declaration does not.
        ItemShape::Module(_) => format!("pub mod {}", name.trim_end_matches("::")),
        ItemShape::Reexport(r) => format!("pub use {} as {name}", r.target),
    }
}

/// `std = ["alloc"] (on by default)`: what turning the feature on turns on.
pub fn feature(name: &str, f: &crate::shape::FeatureShape) -> String {
    let name = crate::features::feature_of(name).unwrap_or(name);
    let enables: Vec<String> = f.enables.iter().map(|e| format!("{e:?}")).collect();
    let default = if f.default { " (on by default)" } else { "" };
    format!("{name} = [{}]{default}", enables.join(", "))
}

/// `#[proc_macro_derive(Name, attributes(a, b))]`, `#[proc_macro] name!`, ….
pub fn proc_macro(name: &str, p: &crate::shape::ProcMacroShape) -> String {
    use crate::shape::ProcMacroKind;
    match p.form {
        ProcMacroKind::Bang => format!("#[proc_macro] {name}!(…)"),
        ProcMacroKind::Attribute => format!("#[proc_macro_attribute] #[{name}]"),
        ProcMacroKind::Derive if p.helpers.is_empty() => format!("#[proc_macro_derive({name})]"),
        ProcMacroKind::Derive => {
            let helpers: Vec<&str> = p.helpers.iter().map(String::as_str).collect();
            format!(
                "#[proc_macro_derive({name}, attributes({}))]",
                helpers.join(", ")
            )
        }
    }
}

/// An item's declaration line: a trait's header, a struct's or enum's name and
/// generics, any other item whole.
pub fn item_header(name: &str, item: &ItemShape) -> String {
    match item {
        ItemShape::Trait(t) => trait_header(name, t),
        ItemShape::Struct(s) => format!("struct {name}{}", generics(&s.generics)),
        ItemShape::Enum(e) => format!("enum {name}{}", generics(&e.generics)),
        ItemShape::Union(u) => format!("union {name}{}", generics(&u.generics)),
        other => item_decl(name, other),
    }
}

/// An item one member a line (see [`symbol_lines`]).
pub fn item_lines(name: &str, item: &ItemShape) -> Vec<String> {
    let symbol = Symbol {
        item: Some(item.clone()),
        ..Symbol::default()
    };
    symbol_lines(name, &symbol)
}

/// A one-line declaration of a whole symbol.
pub fn symbol(name: &str, s: &Symbol) -> String {
    let mut parts = Vec::new();
    if let Some(item) = &s.item {
        parts.push(item_decl(name, item));
    }
    for (name, a) in &s.types {
        parts.push(format!("type {name} = {}", a.target));
    }
    for (name, c) in &s.consts {
        parts.push(format!("const {name}: {} = {}", c.ty, value(&c.value)));
    }
    for (name, method) in &s.methods {
        parts.push(signature(name, method));
    }
    if !s.implementors.is_empty() {
        let by: Vec<String> = s
            .implementors
            .iter()
            .map(|i| {
                format!(
                    "{}{}{}",
                    generic_params(&i.generics),
                    i.ty,
                    where_clause(&i.generics)
                )
            })
            .collect();
        parts.push(format!("implemented by {}", by.join(", ")));
    }
    if parts.is_empty() {
        "(nothing)".to_owned()
    } else {
        parts.join("; ")
    }
}

/// `#[serde(rename_all = "camelCase", deny_unknown_fields)]`, or empty.
pub fn container_serde(serde: &crate::shape::ContainerSerde) -> String {
    attribute_text(&serde.entries())
}

// ---- deltas -------------------------------------------------------------------------------

/// The name a side of `delta` is shown under: the symbol's (or member's) new name
/// after a rename, for the after side.
fn shown_name(delta: &Delta, after: bool) -> &str {
    let renamed = after.then_some(delta.renamed_to.as_deref()).flatten();
    match (&delta.member, renamed) {
        (Member::Item, Some(to)) => to,
        (Member::Method { .. }, Some(to)) => to,
        (Member::Method { name }, None) => crate::shape::declared_name(name),
        _ => crate::shape::declared_name(&delta.symbol),
    }
}

/// An alias's target as shown: a prelude item of the alias's own name by its full path
/// (`type Result<T> = std::result::Result<T, Error>`, which would print as pointing at
/// itself, `= Result<T, Error>`).
fn alias_target(name: &str, target: &crate::ty::Type) -> String {
    let text = target.to_string();
    let crate::ty::Type::Path(p) = target else {
        return text;
    };
    match (p.segments.as_slice(), crate::ty::prelude_path(name)) {
        ([only], Some(full)) if only.name == name && !p.global => {
            format!("{full}{}", &text[name.len()..])
        }
        _ => text,
    }
}

/// `impl<T: Clone> … ` before a method whose `impl` block's generics differ between the
/// delta's sides (else both sides would print alike); empty otherwise.
fn impl_header(delta: &Delta, f: &FnShape) -> String {
    let (Some(Shown::Fn(before)), Some(Shown::Fn(after))) = (&delta.before, &delta.after) else {
        return String::new();
    };
    if before.impl_generics == after.impl_generics {
        return String::new();
    }
    format!(
        "impl{}{} … ",
        generic_params(&f.impl_generics),
        where_clause(&f.impl_generics)
    )
}

/// Lines of one side of a delta, or `None` when the part did not (or no longer) exist.
pub fn side_lines(delta: &Delta, after: bool) -> Option<Vec<String>> {
    let shown = if after { &delta.after } else { &delta.before }.as_ref()?;
    let name = shown_name(delta, after);
    let short = |s: String| vec![s];
    Some(match shown {
        Shown::Symbol(s) => {
            let line = symbol(name, s);
            if line.len() <= ONE_LINE {
                short(line)
            } else {
                symbol_lines(name, s)
            }
        }
        Shown::Item(item) => {
            let line = item_decl(name, item);
            if line.len() <= ONE_LINE {
                short(line)
            } else {
                item_lines(name, item)
            }
        }
        Shown::Header(item) => short(item_header(name, item)),
        Shown::Generics(g) => short(format!("{}{}", delta.symbol, generics(g))),
        Shown::Field(f) => short(field(f)),
        Shown::Variant(v) => short(variant(v)),
        Shown::Fn(f) => short(format!("{}{}", impl_header(delta, f), signature(name, f))),
        Shown::TraitMethod(m) => short(trait_method(name, m)),
        Shown::AssocType(a) => short(assoc_type(member_name(&delta.member, delta, after), a)),
        Shown::AssocConst(c) => short(assoc_const(member_name(&delta.member, delta, after), c)),
        Shown::NonExhaustive(on) => {
            short(if *on { "#[non_exhaustive]" } else { "(none)" }.to_owned())
        }
        Shown::Repr(r) if r.is_empty() => short("(no #[repr])".to_owned()),
        Shown::Repr(r) => short(format!("#[repr({})]", join(r, ", "))),
        Shown::Derives(d) if d.is_empty() => short("(no #[derive])".to_owned()),
        Shown::Derives(d) => {
            let list: Vec<&str> = d.iter().map(String::as_str).collect();
            short(format!("#[derive({})]", list.join(", ")))
        }
        Shown::Serde(s) => {
            let text = container_serde(s);
            short(if text.is_empty() {
                "(no #[serde])".to_owned()
            } else {
                text
            })
        }
        Shown::Row(r) => short(r.clone()),
        Shown::Dependency(id) => short(id.clone()),
        Shown::Gate(None) => short("(in every build)".to_owned()),
        Shown::Gate(Some(cfg)) => short(format!("#[cfg({cfg})]")),
        Shown::Module(m) => short(format!("{m}::{}", delta.symbol)),
        Shown::Implementor(i) => short(implementor(&delta.symbol, i)),
        Shown::Order(names) => short(names.join(", ")),
        Shown::Visibility(v) => short(match v {
            crate::shape::Visibility::Private => "private".to_owned(),
            other => other.to_string(),
        }),
        Shown::Hidden(on) => short(
            if *on {
                "#[doc(hidden)]"
            } else {
                "(not hidden)"
            }
            .to_owned(),
        ),
        Shown::Implements(set) => {
            let names: Vec<&str> = set.iter().map(|t| t.name()).collect();
            short(if names.is_empty() {
                "(implements none of the probed traits)".to_owned()
            } else {
                format!("implements {}", names.join(", "))
            })
        }
        Shown::AutoTrait(t, cond) => short(format!("`{t}` {}", auto_condition(cond))),
        Shown::Path(p) => short(p.clone()),
        Shown::TargetFeatures(f) if f.is_empty() => short("(no #[target_feature])".to_owned()),
        Shown::TargetFeatures(f) => {
            let list: Vec<&str> = f.iter().map(String::as_str).collect();
            short(format!("#[target_feature(enable = {:?})]", list.join(",")))
        }
        Shown::Export(symbol) => short(format!("#[export_name = {symbol:?}]")),
        Shown::Helpers(h) if h.is_empty() => short("(no helper attributes)".to_owned()),
        Shown::Helpers(h) => {
            let list: Vec<&str> = h.iter().map(String::as_str).collect();
            short(format!("attributes({})", list.join(", ")))
        }
        Shown::InherentConst(c) => short(format!(
            "pub const {}: {} = {}",
            member_name(&delta.member, delta, after),
            c.ty,
            value(&c.value)
        )),
        Shown::InherentType(a) => short(format!(
            "pub type {}{} = {}",
            member_name(&delta.member, delta, after),
            generics(&a.generics),
            a.target
        )),
        Shown::Discriminant { variant, value } => short(format!("{variant} = {value}")),
        Shown::VariantIndex { variant, index } => short(format!("{variant} (index {index})")),
    })
}

fn member_name<'a>(member: &'a Member, delta: &'a Delta, after: bool) -> &'a str {
    if after {
        if let Some(to) = &delta.renamed_to {
            return to;
        }
    }
    match member {
        Member::AssocType { name } | Member::AssocConst { name } => name,
        _ => &delta.symbol,
    }
}

/// One side of a delta on one line per member; `(absent)` when it did not exist.
pub fn side(delta: &Delta, after: bool) -> String {
    match side_lines(delta, after) {
        Some(lines) => lines.join("\n"),
        None => "(absent)".to_owned(),
    }
}

/// The before side (see [`side`]).
pub fn before(delta: &Delta) -> String {
    side(delta, false)
}

/// The after side (see [`side`]).
pub fn after(delta: &Delta) -> String {
    side(delta, true)
}

/// The `Before: …` and `After:  …` lines of `delta`, each indented by `pad` and ended
/// by a newline: how the harness's directive and `contract-pin check` show both sides.
pub fn before_after(delta: &Delta, pad: &str) -> String {
    format!(
        "{}\n{}\n",
        labelled(&format!("{pad}Before: "), &before(delta)),
        labelled(&format!("{pad}After:  "), &after(delta))
    )
}

/// `text` under a label, continuation lines indented to the label's width:
/// `Before: struct S {` / `        a: u8,`.
pub fn labelled(label: &str, text: &str) -> String {
    let pad = " ".repeat(label.chars().count());
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        if i == 0 {
            out.push_str(label);
        } else {
            out.push('\n');
            out.push_str(&pad);
        }
        out.push_str(line);
    }
    if text.is_empty() {
        out.push_str(label);
    }
    out
}

/// The member in words: `field \`b\``, `variant \`V\``, `row 1`, ….
pub fn member(delta: &Delta) -> String {
    match &delta.member {
        Member::Item => format!("`{}`", delta.symbol),
        Member::Generics => format!("generics of `{}`", delta.symbol),
        Member::Field { name } => format!("field `{name}`"),
        Member::Variant { name } => format!("variant `{name}`"),
        Member::VariantField { variant, name } => {
            format!("field `{name}` of variant `{variant}`")
        }
        Member::Method { name } => format!("method `{name}`"),
        Member::AssocType { name } => format!("associated type `{name}`"),
        Member::AssocConst { name } => format!("associated const `{name}`"),
        Member::Row { index } => format!("row {index}"),
        Member::Attr { attr } => format!("`#[{}]`", attr.path()),
        Member::Implementor { ty } => format!("`impl {} for {ty}`", delta.symbol),
        Member::Module => "the defining module".to_owned(),
    }
}

fn kind_of_symbol(delta: &Delta) -> &'static str {
    match delta.before.as_ref().or(delta.after.as_ref()) {
        Some(Shown::Symbol(s)) => s.kind_name(),
        _ => "symbol",
    }
}

fn generic_change(c: &GenericChange) -> String {
    match c {
        GenericChange::Lifetimes => "lifetime parameters".to_owned(),
        GenericChange::NoLongerCovariant { name } => format!(
            "`{name}` is no longer covariant: a value that lives longer no longer passes \
             where a shorter `{name}` is expected"
        ),
        GenericChange::Added { name, with_default } => {
            if *with_default {
                format!("generic parameter `{name}` (with a default) added")
            } else {
                format!("generic parameter `{name}` added")
            }
        }
        GenericChange::Removed { name } => format!("generic parameter `{name}` removed"),
        GenericChange::ParamsReplaced { was, now } => {
            let list = |names: &[String]| {
                names
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let noun = if was.len() + now.len() > 2 {
                "generic parameters"
            } else {
                "generic parameter"
            };
            format!("{noun} {} replaced by {}", list(was), list(now))
        }
        GenericChange::Replaced { name } => {
            format!("generic parameter `{name}` changed kind or type")
        }
        GenericChange::BoundAdded { subject, bound } if bound == "Sized" => {
            format!("`{subject}` must be `Sized`")
        }
        GenericChange::BoundRemoved { subject, bound } if bound == "Sized" => {
            format!("`{subject}` need not be `Sized`")
        }
        GenericChange::BoundAdded { subject, bound } => format!("bound `{subject}: {bound}` added"),
        GenericChange::BoundRemoved { subject, bound } => {
            format!("bound `{subject}: {bound}` removed")
        }
        GenericChange::BoundReplaced { subject, was, now } => {
            let noun = if was.len() + now.len() > 2 {
                "bounds"
            } else {
                "bound"
            };
            format!(
                "{noun} `{subject}: {}` replaced by `{subject}: {}`",
                was.join(" + "),
                now.join(" + ")
            )
        }
        GenericChange::DefaultChanged { name, was, now } => format!(
            "default of `{name}`: {} -> {}",
            was.as_deref().unwrap_or("none"),
            now.as_deref().unwrap_or("none")
        ),
    }
}

fn or_unit(t: &Option<crate::ty::Type>) -> String {
    t.as_ref().map_or("()".to_owned(), ToString::to_string)
}

fn signature_part(f: &str, part: &SignaturePart) -> String {
    match part {
        SignaturePart::Visibility { was, now } => {
            format!("visibility of `{f}`: `{}` -> `{}`", was.word(), now.word())
        }
        SignaturePart::Const => format!("`const` on `{f}`"),
        SignaturePart::Async => format!("`async` on `{f}` (a future is returned, or no longer)"),
        SignaturePart::Unsafe => format!("`unsafe` on `{f}`"),
        SignaturePart::Abi => format!("ABI of `{f}`"),
        SignaturePart::Generic(c) => format!("`{f}`: {}", generic_change(c)),
        SignaturePart::Receiver { was, now } => {
            let show = |r: &Option<crate::shape::Receiver>| {
                r.as_ref().map_or("none".to_owned(), ToString::to_string)
            };
            format!("receiver of `{f}`: `{}` -> `{}`", show(was), show(now))
        }
        SignaturePart::Return { was, now } => {
            format!(
                "return type of `{f}`: `{}` -> `{}`",
                or_unit(was),
                or_unit(now)
            )
        }
        SignaturePart::FutureBound { bound, added: true } => {
            format!("the future `{f}` returns is now also `{bound}`")
        }
        SignaturePart::FutureBound {
            bound,
            added: false,
        } => {
            format!("the future `{f}` returns is no longer `{bound}`")
        }
        SignaturePart::FutureCapture { was, now } => {
            format!("what the future `{f}` returns borrows from its arguments: {was} -> {now}")
        }
    }
}

fn tagging(t: &Tagging) -> String {
    match t {
        Tagging::External => "externally tagged".to_owned(),
        Tagging::Internal(tag) => format!("internally tagged by `{tag}`"),
        Tagging::Adjacent(tag, content) => format!("adjacently tagged by `{tag}`/`{content}`"),
        Tagging::Untagged => "untagged".to_owned(),
    }
}

fn trait_change(c: &TraitChange, kind: DeltaKind) -> String {
    match c {
        TraitChange::Unsafe => "`unsafe trait`".to_owned(),
        TraitChange::Sealed => "the trait is now sealed".to_owned(),
        TraitChange::Unsealed => {
            "sealing supertrait removed: others may now implement the trait".to_owned()
        }
        TraitChange::Resealed => "another sealing supertrait (still sealed)".to_owned(),
        TraitChange::SupertraitAdded(s) => format!("supertrait `{s}` added"),
        TraitChange::SupertraitRemoved(s) => format!("supertrait `{s}` removed"),
        TraitChange::DynLost => {
            "no longer usable as `dyn` (a method or associated item rules it out)".to_owned()
        }
        TraitChange::DynGained => "now usable as `dyn`".to_owned(),
        TraitChange::DefaultBody => match kind {
            DeltaKind::TraitMethodDefaultAdded => "default body added".to_owned(),
            _ => "default body removed".to_owned(),
        },
    }
}

fn order_reason(reason: OrderReason) -> &'static str {
    match reason {
        OrderReason::Drift => "declaration order",
        OrderReason::Layout => "declaration order (the `#[repr(C)]` layout)",
        OrderReason::Ordering => "declaration order (derived `PartialOrd`/`Ord` compare in it)",
        OrderReason::Wire => "declaration order (positional payloads are read in it)",
        OrderReason::Untagged => {
            "declaration order (serde tries untagged variants in it: a payload may now read as \
             another variant)"
        }
    }
}

fn field_types(delta: &Delta) -> Option<(String, String)> {
    let pick = |s: &Option<Shown>| -> Option<String> {
        match (s.as_ref()?, &delta.member) {
            (Shown::Field(f), _) => Some(f.ty.to_string()),
            (Shown::Variant(v), Member::VariantField { name, .. }) => v
                .fields
                .iter()
                .find(|f| &f.name == name)
                .map(|f| f.ty.to_string()),
            _ => None,
        }
    };
    Some((
        pick(&delta.before)?,
        pick(&delta.after).or_else(|| {
            // A variant field under its new name after a rename.
            let to = delta.renamed_to.as_ref()?;
            match delta.after.as_ref()? {
                Shown::Variant(v) => v
                    .fields
                    .iter()
                    .find(|f| &f.name == to)
                    .map(|f| f.ty.to_string()),
                _ => None,
            }
        })?,
    ))
}

fn vis_of(s: &Option<Shown>) -> Option<crate::shape::Visibility> {
    match s.as_ref()? {
        Shown::Field(f) => Some(f.vis.clone()),
        _ => None,
    }
}

/// A payload one side writes that the other does not read, and why: `old payload
/// {"kind":["unknown"]}: at `kind[…]`, no variant of `TargetKind` reads it`.
fn payload_break(whose: &str, b: &crate::delta::PayloadBreak) -> String {
    use crate::delta::PayloadFailure as F;
    let at = payload_path(&b.at);
    let why = match &b.failure {
        F::Form { writes, reads } => format!("{writes} is written where {reads} is read"),
        F::OutOfRange { reader } => format!("a number outside `{reader}`"),
        F::NoVariant { reader } => format!("no variant of `{reader}` reads it"),
        F::CaughtByOther { variant } => {
            format!("it reads as `{variant}`, so the value written is lost")
        }
        F::Null => "`null` is written where a value is required".to_owned(),
        F::MissingField(f) => format!("no `{f}` key, which the reader requires"),
        F::UnknownField(f) => format!("key `{f}` is rejected (`deny_unknown_fields`)"),
        F::Deduplicated => "a set reads it and drops duplicates".to_owned(),
        F::Length { writes, reads } => {
            format!("{writes} elements are written where {reads} are read")
        }
        F::Encoding => "the two types are encoded differently in a positional format".to_owned(),
        F::Opaque { writer, reader } => format!(
            "`{writer}` and `{reader}` have wire forms not derived here (compared by identity)"
        ),
    };
    let place = if at.is_empty() {
        String::new()
    } else {
        format!("at `{at}`, ")
    };
    match &b.example {
        Some(e) => format!("{whose} payload `{e}`: {place}{why}"),
        None => format!("{whose} payloads: {place}{why}"),
    }
}

/// Where in a payload: `kind[…]`, `at.x`, `tags{…}`, `(Custom).level`.
fn payload_path(steps: &[crate::delta::PayloadStep]) -> String {
    use crate::delta::PayloadStep as S;
    let mut at = String::new();
    for step in steps {
        match step {
            S::Key(k) if at.is_empty() => at.push_str(k),
            S::Key(k) => {
                let _ = write!(at, ".{k}");
            }
            S::Element => at.push_str("[…]"),
            S::Position(i) if at.is_empty() => {
                let _ = write!(at, "{i}");
            }
            S::Position(i) => {
                let _ = write!(at, ".{i}");
            }
            S::MapValue => at.push_str("{…}"),
            S::Variant(v) => {
                let _ = write!(at, "({v})");
            }
        }
    }
    at
}

/// What changed, in words (the report's `detail`).
pub fn detail(delta: &Delta) -> String {
    let mut out = detail_body(delta);
    if delta.note == Note::NoLongerSized {
        out.push_str(": the type is no longer `Sized`");
    }
    if let Some(breaks) = delta.wire {
        out.push_str(breaks.describe());
    }
    if let Note::Payloads { backward, forward } = &delta.note {
        for (whose, b) in [("old", backward), ("new", forward)] {
            if let Some(b) = b {
                let _ = write!(out, "; {}", payload_break(whose, b));
            }
        }
    }
    if delta.hidden {
        out.push_str(match crate::features::feature_of(&delta.symbol) {
            Some(_) => " (named as unstable or private: not public API)",
            None => " (it was `#[doc(hidden)]`: not public API)",
        });
    }
    if !delta.as_written.is_empty() {
        let names: Vec<String> = delta.as_written.iter().map(|n| format!("`{n}`")).collect();
        let _ = write!(
            out,
            " (compared as written: {} could not be resolved through the module's `use` \
             declarations)",
            names.join(", ")
        );
    }
    out
}

fn detail_body(delta: &Delta) -> String {
    let m = member(delta);
    let renamed = delta.renamed_to.as_deref().unwrap_or("?");
    let fn_name = match &delta.member {
        Member::Method { name } => name.clone(),
        _ => delta.symbol.clone(),
    };
    match &delta.note {
        Note::KindChanged { was, now } => return format!("{was} -> {now}"),
        Note::ItemItself => return format!("the item `{}` itself", delta.symbol),
        Note::ModuleRecorded => return "defining module recorded or dropped".to_owned(),
        Note::Derive(t) if delta.kind == DeltaKind::CopyAdded => {
            return format!("`{t}` derived: the type is now `Copy`")
        }
        Note::Derive(t) if delta.kind == DeltaKind::DeriveAdded => return format!("`{t}` derived"),
        Note::Derive(t) => return format!("`{t}` no longer derived"),
        Note::NowVisible(v) => return format!("{m} is now `{}`", v.word()),
        Note::Constructible => {
            return format!(
                "{m} added to a struct that callers build with a literal (exhaustive, every \
                 field pub)"
            )
        }
        Note::UnionLayout => {
            return format!(
                "{m} added to a `#[repr(C)]` union: its size, alignment and the bytes each \
                 field reads are public layout, and the new field may change them"
            )
        }
        Note::LayoutShifted(moved) => {
            let moved: Vec<String> = moved.iter().map(|f| format!("`{f}`")).collect();
            return format!(
                "{m} removed from a `#[repr(C)]` struct: the public fields after it move \
                 ({}), and their offsets are public layout",
                moved.join(", ")
            );
        }
        Note::WasNotPublic => {
            let now = vis_of(&delta.after).map(|v| v.word()).unwrap_or_default();
            return format!("{m} is now `{now}` (it was not `pub`)");
        }
        Note::Order(reason) => {
            return match &delta.member {
                Member::Variant { name } => {
                    format!("field {} of variant `{name}`", order_reason(*reason))
                }
                _ => format!("field {}", order_reason(*reason)),
            }
        }
        Note::VariantOrder(reason) => return format!("variant {}", order_reason(*reason)),
        Note::ImplicitDiscriminant { also } => {
            let value = |s: &Option<Shown>| match s {
                Some(Shown::Discriminant { value, .. }) => value.clone(),
                _ => "?".to_owned(),
            };
            let first = format!(
                "implicit discriminant of {m}: {} -> {}",
                value(&delta.before),
                value(&delta.after)
            );
            return match also.as_slice() {
                [] => first,
                [one] => format!("{first}, and of `{one}`"),
                [some @ .., _] if some.len() < 3 => format!(
                    "{first}, and of {}",
                    also.iter()
                        .map(|a| format!("`{a}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                _ => format!(
                    "{first}, and of {} more variants after it (`{}`, `{}`, …)",
                    also.len(),
                    also[0],
                    also[1]
                ),
            };
        }
        Note::Generic(c) => return generic_change(c),
        Note::Signature(part) => return signature_part(&fn_name, part),
        Note::Param {
            name,
            was,
            now,
            renamed_to,
        } => {
            return match (was, now, renamed_to) {
                (_, _, Some(to)) => format!("`{fn_name}` parameter `{name}` renamed to `{to}`"),
                (Some(w), Some(n), None) => {
                    format!("`{fn_name}` parameter `{name}`: `{w}` -> `{n}`")
                }
                (None, Some(n), None) => format!("`{fn_name}` parameter `{name}: {n}` added"),
                (Some(w), None, None) => format!("`{fn_name}` parameter `{name}: {w}` removed"),
                (None, None, None) => format!("`{fn_name}` parameter `{name}`"),
            }
        }
        Note::Generalised {
            param,
            bounds,
            args,
            was,
            meets,
        } => {
            let args: Vec<String> = args.iter().map(|a| format!("`{a}`")).collect();
            let bounds = join(bounds, " + ");
            // An argument-position `impl Trait` has no name to bound.
            let now = if param == crate::diff::shared::generalisation::IMPL_ARG {
                format!("impl {bounds}")
            } else {
                format!("{param}: {bounds}")
            };
            let typed = format!(
                "`{fn_name}` parameter {}: `{was}` -> `{now}`",
                args.join(", ")
            );
            return match meets {
                Some(true) => format!("{typed}; `{was}` meets the bounds"),
                Some(false) => format!("{typed}; `{was}` does not meet them"),
                None => format!("{typed}; whether `{was}` meets them depends on impls not at hand"),
            };
        }
        Note::Trait(c) => {
            return match &delta.member {
                Member::Method { name } => {
                    format!("trait method `{name}`: {}", trait_change(c, delta.kind))
                }
                _ => trait_change(c, delta.kind),
            }
        }
        Note::RowsReordered => return "rows reordered".to_owned(),
        Note::RowChanged => {
            return format!("{m} changed: {} -> {}", before(delta), after(delta));
        }
        Note::WireName { was, now } => return format!("{m}: written as `{now}`, was `{was}`"),
        Note::WireNameKept(name) => return format!("{m}: the wire name stays `{name}`"),
        Note::Alias(a) if delta.kind == DeltaKind::FieldAliasAdded => {
            return format!("{m}: alias `{a}` added")
        }
        Note::Alias(a) => return format!("{m}: alias `{a}` removed"),
        Note::Default(Change::Added) => return format!("{m}: `default` added"),
        Note::Default(Change::Removed) => return format!("{m}: `default` removed"),
        Note::Default(Change::Changed) => {
            return format!("{m}: another default value (payloads still read)")
        }
        Note::ContainerDefault(Change::Added) => {
            return "container `default`: every field defaulted".to_owned()
        }
        Note::ContainerDefault(Change::Removed) => return "container `default` removed".to_owned(),
        Note::ContainerDefault(Change::Changed) => {
            return "container `default`: another default value".to_owned()
        }
        Note::Skip(SkipChange::NoLongerRead) => return format!("{m}: no longer read"),
        Note::Skip(SkipChange::NoLongerWritten) => return format!("{m}: no longer written"),
        Note::Skip(SkipChange::BackOnTheWire) => {
            return format!("{m}: now on the wire (`skip` removed)")
        }
        Note::Skip(SkipChange::Respelled) => return format!("{m}: `skip` spelled differently"),
        Note::Skip(SkipChange::Positional) => return format!("{m}: `skip`"),
        Note::SkipIf => return format!("{m}: `skip_serializing_if`"),
        Note::Flatten => return format!("{m}: `flatten`"),
        Note::With => {
            return format!(
                "{m}: custom (de)serializer, compared by identity (what it writes is not \
                 derived here)"
            )
        }
        Note::Inert => {
            return match &delta.member {
                Member::Attr { attr: Attr::Serde } => {
                    "trait bounds, serde path or error text (not on the wire)".to_owned()
                }
                _ => format!("{m}: trait bounds or borrowing (not on the wire)"),
            }
        }
        Note::UnknownKey(key) => {
            return match &delta.member {
                Member::Attr { .. } => format!("container `{key}` changed"),
                _ => format!("{m}: `{key}` changed"),
            }
        }
        Note::SerdeWithoutDerive => {
            return "serde attributes on a type without a recorded `Serialize`/`Deserialize` \
                    derive"
                .to_owned()
        }
        Note::SerdeUnread => {
            return "serde attributes that no payload reads (a flattened field's name, a \
                    skipped variant's fields)"
                .to_owned()
        }
        Note::RenameAll => {
            return match &delta.member {
                Member::Variant { name } => format!("`rename_all` of variant `{name}`"),
                _ => "`rename_all`: names on the wire".to_owned(),
            }
        }
        Note::DenyUnknownFields(Change::Added) => return "`deny_unknown_fields` added".to_owned(),
        Note::DenyUnknownFields(_) => return "`deny_unknown_fields` removed".to_owned(),
        Note::Transparent => return "`transparent`".to_owned(),
        Note::Tagging { was, now } => {
            return format!("tagging: {} -> {}", tagging(was), tagging(now))
        }
        Note::ContainerRename => {
            return "container `rename` (the type name is not in the payload)".to_owned()
        }
        Note::PayloadForm => {
            return "the payload changes form (unit, tuple or named struct)".to_owned()
        }
        Note::Other => return format!("{m}: `other`"),
        Note::Aliases => return format!("{m}: aliases"),
        Note::Unclassified => return "a part of the shape no rule covers".to_owned(),
        Note::Probed(t) => {
            return match delta.kind {
                DeltaKind::CopyAdded => "now `Copy`".to_owned(),
                DeltaKind::AutoTraitRemoved | DeltaKind::ImplRemoved => {
                    format!("no longer implements `{t}`")
                }
                _ => format!("now implements `{t}`"),
            }
        }
        Note::AutoCondition(t) => {
            let cond = |s: &Option<Shown>| match s {
                Some(Shown::AutoTrait(_, c)) => auto_condition(c),
                _ => String::new(),
            };
            let (was, now) = (cond(&delta.before), cond(&delta.after));
            return match delta.kind {
                DeltaKind::AutoTraitRemoved => {
                    format!("`{t}` {now}, where it was `{t}` {was}: inferred from its fields")
                }
                DeltaKind::AutoTraitUntold => format!(
                    "`{t}` can no longer be told from the sources (it was `{t}` {was}): \
                     check it by hand"
                ),
                _ => format!("now `{t}` {now}, where it was `{t}` {was}: inferred from its fields"),
            };
        }
        Note::PathRecorded => return "public path given or dropped".to_owned(),
        Note::TransparentOfPrivate => {
            return "`#[repr(transparent)]` removed; its field is not public, so the \
                    representation was no public ABI (the Reference, \"The transparent \
                    representation\")"
                .to_owned()
        }
        Note::Repr(change) => {
            let (was, now) = (reprs(&delta.before), reprs(&delta.after));
            let what = match change {
                Change::Added => "added",
                Change::Removed => "removed",
                Change::Changed => "changed",
            };
            return format!("a representation {what}: {was} -> {now}");
        }
        Note::TargetFeature(f) if delta.kind == DeltaKind::TargetFeatureAdded => {
            return format!("{m} now requires target feature `{f}`")
        }
        Note::TargetFeature(f) => return format!("{m} no longer requires target feature `{f}`"),
        Note::Helper(h) if delta.kind == DeltaKind::ProcMacroHelperAdded => {
            return format!("helper attribute `#[{h}]` added")
        }
        Note::Helper(h) => return format!("helper attribute `#[{h}]` removed"),
        Note::Feature(f) if delta.kind == DeltaKind::FeatureNowEnables => {
            return format!("now turns on feature `{f}`")
        }
        Note::Feature(f) => return format!("no longer turns on feature `{f}`"),
        Note::FeatureGatesNothing(f) if delta.kind == DeltaKind::FeatureNoLongerDefault => {
            return format!(
                "no longer on by default, but `{f}` gates no code now: nothing a consumer \
                 builds changes"
            )
        }
        Note::FeatureCoveredByDefault(f) => {
            return format!(
                "no longer on by default, but no source names `{f}` and the default \
                 features still turn on all it turns on: nothing a consumer with the \
                 defaults builds changes"
            )
        }
        Note::FeatureGatesNothing(f) => {
            return format!(
                "no longer turns on feature `{f}`, which gates no code now: nothing a \
                 consumer builds changes"
            )
        }
        Note::None | Note::NoLongerSized | Note::Payloads { .. } | Note::UntoldBounds(_) => {}
    }
    match delta.kind {
        DeltaKind::SymbolAdded | DeltaKind::SymbolRemoved => {
            match crate::features::feature_of(&delta.symbol) {
                Some(feature) => format!("feature `{feature}`"),
                // A module's symbol ends in `::` (`algo::astar::`).
                None => format!(
                    "{} `{}`",
                    kind_of_symbol(delta),
                    delta.symbol.strip_suffix("::").unwrap_or(&delta.symbol)
                ),
            }
        }
        DeltaKind::SymbolRenamed => format!(
            "{} `{}` renamed to `{renamed}`",
            kind_of_symbol(delta),
            delta.symbol
        ),
        DeltaKind::SymbolMoved => match (&delta.before, &delta.after) {
            (Some(Shown::Module(was)), Some(Shown::Module(now))) => {
                format!("defined in `{now}`, was `{was}`")
            }
            // A public path given on one side or both: what consumers write.
            (was, now) => {
                let path = |s: &Option<Shown>| match s {
                    Some(Shown::Path(p)) => format!("`{p}`"),
                    Some(Shown::Module(m)) => format!("`{m}::{}`", delta.symbol),
                    _ => "?".to_owned(),
                };
                format!("public path {} -> {}", path(was), path(now))
            }
        },
        DeltaKind::FieldRenamed | DeltaKind::VariantRenamed | DeltaKind::MethodRenamed => {
            format!("{m} renamed to `{renamed}`")
        }
        DeltaKind::FieldTypeChanged | DeltaKind::FieldTypeNarrowed => match field_types(delta) {
            Some((was, now)) => format!("type of {m}: `{was}` -> `{now}`"),
            None => format!("type of {m}"),
        },
        DeltaKind::FieldVisibilityReduced => format!("visibility of {m}"),
        DeltaKind::FieldRemoved | DeltaKind::FieldAdded => {
            let vis = vis_of(&delta.before).or_else(|| vis_of(&delta.after));
            match vis {
                Some(v)
                    if !v.is_public() && !matches!(delta.member, Member::VariantField { .. }) =>
                {
                    format!("{m} ({})", v.word())
                }
                _ => m,
            }
        }
        DeltaKind::VariantKindChanged => match &delta.member {
            Member::VariantField { variant, name } => {
                let has = |s: &Option<Shown>| match s {
                    Some(Shown::Variant(v)) => v.fields.iter().any(|f| &f.name == name),
                    _ => false,
                };
                match (has(&delta.before), has(&delta.after)) {
                    (true, false) => format!("field `{name}` of variant `{variant}` removed"),
                    (false, true) => format!("field `{name}` of variant `{variant}` added"),
                    _ => format!("fields of variant `{variant}` added or removed"),
                }
            }
            _ => format!("form of {m}"),
        },
        DeltaKind::DiscriminantChanged => match (&delta.before, &delta.after) {
            (
                Some(Shown::VariantIndex { index: was, .. }),
                Some(Shown::VariantIndex { index: now, .. }),
            ) => {
                format!("{m} is written as index {now}, was {was}")
            }
            _ => format!("discriminant of {m}"),
        },
        DeltaKind::NonExhaustiveAdded | DeltaKind::NonExhaustiveRemoved => match &delta.member {
            Member::Variant { .. } => format!("`#[non_exhaustive]` on {m}"),
            _ => "`#[non_exhaustive]`".to_owned(),
        },
        DeltaKind::ReprChanged => "`#[repr]`".to_owned(),
        DeltaKind::ItemVisibilityReduced | DeltaKind::ItemVisibilityWidened => {
            let word = |s: &Option<Shown>| match s {
                Some(Shown::Visibility(v)) => v.word(),
                _ => "?".to_owned(),
            };
            format!(
                "`{}` is now `{}`, was `{}`",
                delta.symbol,
                word(&delta.after),
                word(&delta.before)
            )
        }
        DeltaKind::DocHiddenAdded => format!("{m} is now `#[doc(hidden)]`: not public API"),
        DeltaKind::DocHiddenRemoved => format!("{m} is no longer `#[doc(hidden)]`"),
        DeltaKind::UnionFieldAdded | DeltaKind::UnionFieldRemoved => m,
        DeltaKind::DiscriminantsUndefined => format!(
            "{m} has fields: `{}` can no longer be cast with `as`",
            delta.symbol
        ),
        DeltaKind::StaticUnsafeAdded => format!("`{}` is now `unsafe` to read", delta.symbol),
        DeltaKind::StaticUnsafeRemoved => format!("`{}` is now safe to read", delta.symbol),
        DeltaKind::ExportSymbolAdded
        | DeltaKind::ExportSymbolRemoved
        | DeltaKind::ExportSymbolRenamed => {
            let export = |s: &Option<Shown>| match s {
                Some(Shown::Fn(f)) => f.export.clone(),
                Some(Shown::Item(i)) => match &**i {
                    crate::shape::ItemShape::Static(v) => v.export.clone(),
                    crate::shape::ItemShape::Fn(f) => f.export.clone(),
                    _ => None,
                },
                _ => None,
            };
            let name = |e: Option<String>| e.map_or("none".to_owned(), |e| format!("`{e}`"));
            format!(
                "exported symbol {} -> {}",
                name(export(&delta.before)),
                name(export(&delta.after))
            )
        }
        DeltaKind::AssocItemAdded | DeltaKind::AssocItemRemoved => m,
        DeltaKind::FeatureNoLongerDefault => "no longer on by default".to_owned(),
        DeltaKind::FeatureNowDefault => "now on by default".to_owned(),
        DeltaKind::PublicDependencyChanged => {
            let identity = |s: &Option<Shown>| match s {
                Some(Shown::Dependency(id)) => id.clone(),
                _ => "?".to_owned(),
            };
            let name = crate::dependencies::name_of(&delta.symbol).unwrap_or(&delta.symbol);
            format!(
                "`{name}` is {}, was {}",
                identity(&delta.after),
                identity(&delta.before)
            )
        }
        DeltaKind::NowNeedsFeature | DeltaKind::NoLongerNeedsFeature => {
            let gate = |s: &Option<Shown>| match s {
                Some(Shown::Gate(Some(cfg))) => format!("`{cfg}`"),
                _ => "nothing (in every build)".to_owned(),
            };
            format!(
                "{m}: needs {}, was {}",
                gate(&delta.after),
                gate(&delta.before)
            )
        }
        DeltaKind::TraitMethodRemoved
        | DeltaKind::TraitRequiredMethodAdded
        | DeltaKind::TraitProvidedMethodAdded => match &delta.member {
            Member::Method { name } => format!("trait method `{name}`"),
            _ => m,
        },
        DeltaKind::AliasTargetChanged => {
            let target = |s: &Option<Shown>| match s {
                Some(Shown::Item(item)) => match item.as_ref() {
                    ItemShape::TypeAlias(a) => {
                        alias_target(crate::shape::declared_name(&delta.symbol), &a.target)
                    }
                    _ => "?".to_owned(),
                },
                _ => "?".to_owned(),
            };
            format!(
                "`{}` now names `{}`, was `{}`",
                delta.symbol,
                target(&delta.after),
                target(&delta.before)
            )
        }
        DeltaKind::ConstTypeChanged => {
            let ty = |s: &Option<Shown>| match s {
                Some(Shown::Item(item)) => match item.as_ref() {
                    ItemShape::Const(v) | ItemShape::Static(v) => v.ty.to_string(),
                    _ => "?".to_owned(),
                },
                _ => "?".to_owned(),
            };
            format!("type `{}` -> `{}`", ty(&delta.before), ty(&delta.after))
        }
        DeltaKind::ConstValueChanged => "value".to_owned(),
        DeltaKind::ConstExpressionChanged => "value's expression (not evaluated)".to_owned(),
        DeltaKind::StaticMutabilityChanged => "`static mut`".to_owned(),
        DeltaKind::TableRowAdded => format!("{m} `{}`", after(delta)),
        DeltaKind::TableRowRemoved => format!("{m} `{}`", before(delta)),
        DeltaKind::TraitImplementorAdded => match &delta.member {
            Member::Implementor { ty } => format!("`{ty}` implements `{}`", delta.symbol),
            _ => m,
        },
        DeltaKind::TraitImplementorRemoved => match &delta.member {
            Member::Implementor { ty } => format!("`{ty}` no longer implements `{}`", delta.symbol),
            _ => m,
        },
        DeltaKind::ReexportTargetChanged => {
            let target = |s: &Option<Shown>| match s {
                Some(Shown::Item(i)) => match &**i {
                    ItemShape::Reexport(r) => r.target.to_string(),
                    _ => "?".to_owned(),
                },
                _ => "?".to_owned(),
            };
            format!(
                "now re-exports `{}`, was `{}`",
                target(&delta.after),
                target(&delta.before)
            )
        }
        DeltaKind::ReexportUntold => {
            let reexported = |s: &Option<Shown>| match s {
                Some(Shown::Symbol(sym)) => match &sym.item {
                    Some(ItemShape::Reexport(r)) => Some(r.target.to_string()),
                    _ => None,
                },
                _ => None,
            };
            match (reexported(&delta.before), reexported(&delta.after)) {
                (None, Some(target)) => format!(
                    "now a re-export of `{target}`, another crate's item whose shape is not \
                     read here: check by hand that it is the same API"
                ),
                (Some(was), Some(now)) => format!(
                    "now re-exports `{now}`, was `{was}`: another crate's item of the same \
                     name, whose shape is not read here: check by hand that it is the same API"
                ),
                (Some(target), None) => format!(
                    "was a re-export of `{target}`, now the crate's own item: check by hand \
                     that it is the same API"
                ),
                (None, None) => m,
            }
        }
        DeltaKind::TraitImplementorUntold => match (&delta.member, &delta.note) {
            (Member::Implementor { ty }, Note::UntoldBounds(bounds)) => format!(
                "`{ty}` implements `{}` now only if it meets {}, another crate's trait \
                 whose impls are not read: check it by hand",
                delta.symbol,
                bounds
                    .iter()
                    .map(|b| format!("`{b}`"))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
            _ => m,
        },
        _ => m,
    }
}

// ---- reports --------------------------------------------------------------------------------

/// A delta in a report (DESIGN §2): the typed fields, and the rendered `detail`,
/// `before` and `after` (empty when absent).
impl Serialize for Delta {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("class", &self.class)?;
        map.serialize_entry("kind", &self.kind)?;
        map.serialize_entry("axis", &self.axis)?;
        map.serialize_entry("symbol", &self.symbol)?;
        map.serialize_entry("member", &self.member)?;
        if let Some(to) = &self.renamed_to {
            map.serialize_entry("renamed_to", to)?;
        }
        map.serialize_entry("detail", &detail(self))?;
        if let Some(breaks) = self.wire {
            map.serialize_entry(
                "breaks",
                &WireJson {
                    backward: breaks.backward,
                    forward: breaks.forward,
                },
            )?;
        }
        if let Note::Payloads { backward, forward } = &self.note {
            map.serialize_entry(
                "payloads",
                &PayloadsJson {
                    backward: backward.as_deref().map(PayloadJson::from),
                    forward: forward.as_deref().map(PayloadJson::from),
                },
            )?;
        }
        map.serialize_entry(
            "before",
            &side_lines(self, false)
                .map(|l| l.join("\n"))
                .unwrap_or_default(),
        )?;
        map.serialize_entry(
            "after",
            &side_lines(self, true)
                .map(|l| l.join("\n"))
                .unwrap_or_default(),
        )?;
        map.end()
    }
}

/// Which wire directions a delta breaks, in a report.
#[derive(Serialize)]
struct WireJson {
    backward: bool,
    forward: bool,
}

/// A payload each breaking direction fails on, in a report.
#[derive(Serialize)]
struct PayloadsJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    backward: Option<PayloadJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    forward: Option<PayloadJson>,
}

/// One payload break: where, an example (JSON), and why, as a stable code.
#[derive(Serialize)]
struct PayloadJson {
    at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    example: Option<String>,
    failure: &'static str,
}

impl From<&crate::delta::PayloadBreak> for PayloadJson {
    fn from(b: &crate::delta::PayloadBreak) -> Self {
        use crate::delta::PayloadFailure as F;
        PayloadJson {
            at: payload_path(&b.at),
            example: b.example.clone(),
            failure: match b.failure {
                F::Form { .. } => "form",
                F::OutOfRange { .. } => "out_of_range",
                F::NoVariant { .. } => "no_variant",
                F::CaughtByOther { .. } => "caught_by_other",
                F::Null => "null",
                F::MissingField(_) => "missing_field",
                F::UnknownField(_) => "unknown_field",
                F::Deduplicated => "deduplicated",
                F::Length { .. } => "length",
                F::Encoding => "encoding",
                F::Opaque { .. } => "opaque",
            },
        }
    }
}

fn reprs(side: &Option<Shown>) -> String {
    match side {
        Some(Shown::Repr(r)) if r.is_empty() => "none".to_owned(),
        Some(Shown::Repr(r)) => format!("`{}`", repr(r)),
        _ => "none".to_owned(),
    }
}

/// Repr arguments in words, for details.
pub fn repr(r: &[Repr]) -> String {
    if r.is_empty() {
        String::new()
    } else {
        format!("#[repr({})]", join(r, ", "))
    }
}

/// A whole symbol over several lines, one member a line (field, variant, method, trait
/// item, table row, implementor) and each container attribute on its own line: two
/// versions of a symbol differ on the lines of what changed, so a line diff of two
/// blocks shows exactly that.
pub fn symbol_lines(name: &str, s: &Symbol) -> Vec<String> {
    // `head {` members `}`; `head {}` when there are none.
    fn braced(lines: &mut Vec<String>, head: String, members: Vec<String>) {
        if members.is_empty() {
            lines.push(format!("{head} {{}}"));
        } else {
            lines.push(format!("{head} {{"));
            lines.extend(members.into_iter().map(|m| format!("    {m}")));
            lines.push("}".to_owned());
        }
    }
    let mut lines: Vec<String> = Vec::new();
    if let Some(path) = &s.path {
        lines.push(format!("// public path: {path}"));
    }
    if let Some(item) = &s.item {
        if item.hidden() {
            lines.push("#[doc(hidden)]".to_owned());
        }
        let vis = item.vis();
        if !vis.is_public() && !matches!(item, ItemShape::MacroRules(_)) {
            lines.push(format!("// visibility: {}", vis.word()));
        }
    }
    if let Some(attrs) = s.item.as_ref().and_then(ItemShape::container) {
        if !attrs.derives.is_empty() {
            let derives: Vec<&str> = attrs.derives.iter().map(String::as_str).collect();
            lines.push(format!("#[derive({})]", derives.join(", ")));
        }
        if !attrs.serde.is_empty() {
            lines.push(container_serde(&attrs.serde));
        }
        if !attrs.repr.is_empty() {
            lines.push(format!("#[repr({})]", join(&attrs.repr, ", ")));
        }
        if attrs.non_exhaustive {
            lines.push("#[non_exhaustive]".to_owned());
        }
    }
    match &s.item {
        Some(ItemShape::Struct(st)) => {
            let head = format!("struct {name}{}", generic_params(&st.generics));
            let wc = where_clause(&st.generics);
            let members: Vec<String> = st.fields.iter().map(|f| format!("{},", field(f))).collect();
            match st.style {
                FieldStyle::Named => braced(&mut lines, format!("{head}{wc}"), members),
                FieldStyle::Tuple if members.is_empty() => lines.push(format!("{head}(){wc};")),
                FieldStyle::Tuple => {
                    lines.push(format!("{head}("));
                    lines.extend(members.into_iter().map(|m| format!("    {m}")));
                    lines.push(format!("){wc};"));
                }
                FieldStyle::Unit => lines.push(format!("{head}{wc};")),
            }
        }
        Some(ItemShape::Union(u)) => {
            let members: Vec<String> = u.fields.iter().map(|f| format!("{},", field(f))).collect();
            let head = format!("union {name}{}", generics(&u.generics));
            braced(&mut lines, head, members);
        }
        Some(ItemShape::Enum(e)) => {
            let members = e
                .variants
                .iter()
                .map(|v| format!("{},", variant(v)))
                .collect();
            let head = format!("enum {name}{}", generics(&e.generics));
            braced(&mut lines, head, members);
        }
        Some(ItemShape::Trait(t)) => {
            let mut members: Vec<String> = t
                .methods
                .iter()
                .map(|(n, m)| {
                    let body = if m.provided { " { … }" } else { ";" };
                    format!("{}{body}", signature(n, &m.sig))
                })
                .collect();
            members.extend(t.types.iter().map(|(n, a)| {
                let mut line = format!("type {n}{}", generic_params(&a.generics));
                if !a.bounds.is_empty() {
                    line.push_str(&format!(": {}", join(&a.bounds, " + ")));
                }
                if let Some(d) = &a.default {
                    line.push_str(&format!(" = {d}"));
                }
                format!("{line}{};", where_clause(&a.generics))
            }));
            members.extend(t.consts.iter().map(|(n, c)| match &c.default {
                Some(d) => format!("const {n}: {} = {d};", c.ty),
                None => format!("const {n}: {};", c.ty),
            }));
            // Computed, not written: shown as comments, since their changes are deltas.
            if t.sealed {
                lines.push("// sealed".to_owned());
            }
            if !t.dyn_compatible {
                lines.push("// not dyn-compatible".to_owned());
            }
            let supertraits = if t.supertraits.is_empty() {
                String::new()
            } else {
                format!(": {}", join(&t.supertraits, " + "))
            };
            let unsafety = if t.unsafety { "unsafe " } else { "" };
            let head = format!(
                "{unsafety}trait {name}{}{supertraits}{}",
                generic_params(&t.generics),
                where_clause(&t.generics)
            );
            braced(&mut lines, head, members);
        }
        Some(ItemShape::Const(c) | ItemShape::Static(c)) if matches!(c.value, Value::Rows(_)) => {
            let keyword = match &s.item {
                Some(ItemShape::Static(_)) if c.mutable => "static mut",
                Some(ItemShape::Static(_)) => "static",
                _ => "const",
            };
            lines.push(format!("{keyword} {name}: {} = [", c.ty));
            if let Value::Rows(rows) = &c.value {
                lines.extend(rows.iter().map(|r| format!("    {r},")));
            }
            lines.push("];".to_owned());
        }
        Some(item) => lines.push(item_decl(name, item)),
        None => {}
    }
    if !s.methods.is_empty() || !s.consts.is_empty() || !s.types.is_empty() {
        let mut members: Vec<String> = s
            .types
            .iter()
            .map(|(n, a)| format!("pub type {n}{} = {};", generics(&a.generics), a.target))
            .collect();
        members.extend(
            s.consts
                .iter()
                .map(|(n, c)| format!("pub const {n}: {} = {};", c.ty, value(&c.value))),
        );
        members.extend(
            s.methods
                .iter()
                .map(|(n, m)| format!("{};", signature(n, m))),
        );
        braced(&mut lines, format!("impl {name}"), members);
    }
    if let Some(traits) = &s.implements {
        let names: Vec<&str> = traits.iter().map(|t| t.name()).collect();
        lines.push(format!("// implements: {}", names.join(", ")));
    }
    lines.extend(s.implementors.iter().map(|i| implementor(name, i)));
    if lines.is_empty() {
        lines.push("(nothing)".to_owned());
    }
    lines
}

/// [`symbol_lines`] as one text, each line ending in `\n`.
pub fn symbol_block(name: &str, s: &Symbol) -> String {
    symbol_lines(name, s)
        .into_iter()
        .map(|l| l + "\n")
        .collect()
}

/// An auto trait's condition as a sentence ends: "for every instance", "for no
/// instance", "where `T: Send + Sync`".
fn auto_condition(cond: &crate::probed::AutoCond) -> String {
    match cond {
        crate::probed::AutoCond::Never => "for no instance".to_owned(),
        crate::probed::AutoCond::When(reqs) if reqs.is_empty() => "for every instance".to_owned(),
        c => format!("where `{c}`"),
    }
}

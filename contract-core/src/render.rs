//! Human-readable renderings of shapes, for Before/After lines: a field line, a
//! signature, a variant, a declaration. Never a JSON dump.

use crate::shape::{
    FieldShape, FieldStyle, FnShape, GenericParamKind, Generics, ItemShape, SerdeAttrs, Symbol,
    Value, VariantShape,
};

/// `#[serde(default)] pub name: Type`.
pub fn field(f: &FieldShape) -> String {
    let mut out = serde_prefix(&f.serde);
    if !f.vis.is_empty() {
        out.push_str(&f.vis);
        out.push(' ');
    }
    if f.name.parse::<usize>().is_err() {
        out.push_str(&f.name);
        out.push_str(": ");
    }
    out.push_str(&f.ty);
    out
}

/// `#[serde(rename = "x")] Name { a: T } = 3`.
pub fn variant(v: &VariantShape) -> String {
    let mut out = serde_prefix(&v.serde);
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
    for (on, word) in [
        (!f.vis.is_empty(), f.vis.as_str()),
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
        out.push_str(abi);
        out.push(' ');
    }
    out.push_str("fn ");
    out.push_str(name);
    out.push_str(&generic_params(&f.generics));
    let mut params: Vec<String> = f.receiver.iter().cloned().collect();
    params.extend(f.params.iter().map(|p| format!("{}: {}", p.name, p.ty)));
    out.push('(');
    out.push_str(&params.join(", "));
    out.push(')');
    if let Some(output) = &f.output {
        out.push_str(" -> ");
        out.push_str(output);
    }
    out.push_str(&where_clause(&f.generics));
    out
}

/// `<'a, T: Clone = u8, const N: usize>`, or empty.
pub fn generic_params(g: &Generics) -> String {
    if g.params.is_empty() {
        return String::new();
    }
    let params: Vec<String> = g
        .params
        .iter()
        .map(|p| {
            let mut s = match p.kind {
                GenericParamKind::Const => format!("const {}", p.name),
                _ => p.name.clone(),
            };
            if !p.bounds.is_empty() {
                s.push_str(": ");
                s.push_str(&p.bounds.join(" + "));
            }
            if let Some(d) = &p.default {
                s.push_str(" = ");
                s.push_str(d);
            }
            s
        })
        .collect();
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
        format!(" where {}", g.where_clause.join(", "))
    }
}

/// A value, rows one per line.
pub fn value(v: &Value) -> String {
    match v {
        Value::Expr(e) => e.clone(),
        Value::Rows(rows) => format!("[{}]", rows.join(", ")),
    }
}

/// A one-line declaration of a whole symbol.
pub fn symbol(name: &str, s: &Symbol) -> String {
    let mut parts = Vec::new();
    if let Some(item) = &s.item {
        parts.push(item_decl(name, item));
    }
    for (name, method) in &s.methods {
        parts.push(signature(name, method));
    }
    if !s.implementors.is_empty() {
        let list: Vec<&str> = s.implementors.iter().map(String::as_str).collect();
        parts.push(format!("implemented by {}", list.join(", ")));
    }
    if parts.is_empty() {
        "(nothing)".to_owned()
    } else {
        parts.join("; ")
    }
}

/// A one-line declaration of an item.
pub fn item_decl(name: &str, item: &ItemShape) -> String {
    match item {
        ItemShape::Struct(s) => format!(
            "struct {name}{}{}",
            generic_params(&s.generics),
            fields(s.style, &s.fields)
        ),
        ItemShape::Enum(e) => {
            let variants: Vec<String> = e.variants.iter().map(variant).collect();
            format!(
                "enum {name}{} {{ {} }}",
                generic_params(&e.generics),
                variants.join(", ")
            )
        }
        ItemShape::Trait(t) => {
            let mut items: Vec<String> = t
                .methods
                .iter()
                .map(|(n, m)| {
                    let body = if m.provided { " { … }" } else { ";" };
                    format!("{}{}", signature(n, &m.sig), body)
                })
                .collect();
            items.extend(t.types.keys().map(|n| format!("type {n};")));
            items.extend(
                t.consts
                    .iter()
                    .map(|(n, c)| format!("const {n}: {};", c.ty)),
            );
            let supertraits = if t.supertraits.is_empty() {
                String::new()
            } else {
                format!(": {}", t.supertraits.join(" + "))
            };
            let unsafety = if t.unsafety { "unsafe " } else { "" };
            format!(
                "{unsafety}trait {name}{}{supertraits} {{ {} }}",
                generic_params(&t.generics),
                items.join(" ")
            )
        }
        ItemShape::Fn(f) => signature(name, f),
        ItemShape::TypeAlias(a) => {
            format!("type {name}{} = {}", generic_params(&a.generics), a.target)
        }
        ItemShape::Const(c) => format!("const {name}: {} = {}", c.ty, value(&c.value)),
        ItemShape::Static(s) => {
            let m = if s.mutable { "static mut" } else { "static" };
            format!("{m} {name}: {} = {}", s.ty, value(&s.value))
        }
    }
}

fn serde_prefix(attrs: &SerdeAttrs) -> String {
    if attrs.is_empty() {
        return String::new();
    }
    format!("{} ", serde_attrs(attrs))
}

/// `#[serde(rename_all = "camelCase", deny_unknown_fields)]`, or empty.
pub fn serde_attrs(attrs: &SerdeAttrs) -> String {
    if attrs.is_empty() {
        return String::new();
    }
    let args: Vec<String> = attrs
        .iter()
        .map(|(k, v)| {
            if v.is_empty() {
                k.clone()
            } else {
                format!("{k} = {v:?}")
            }
        })
        .collect();
    format!("#[serde({})]", args.join(", "))
}

/// A whole symbol over several lines, one member a line (field, variant, method, trait
/// item, table row, implementor) and each container attribute on its own line: two
/// versions of a symbol differ on the lines of what changed, so a line diff of two
/// blocks shows exactly that. Ends with a newline.
pub fn symbol_block(name: &str, s: &Symbol) -> String {
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
    if let Some(attrs) = s.item.as_ref().and_then(ItemShape::container) {
        if !attrs.derives.is_empty() {
            let derives: Vec<&str> = attrs.derives.iter().map(String::as_str).collect();
            lines.push(format!("#[derive({})]", derives.join(", ")));
        }
        if !attrs.serde.is_empty() {
            lines.push(serde_attrs(&attrs.serde));
        }
        if !attrs.repr.is_empty() {
            lines.push(format!("#[repr({})]", attrs.repr.join(", ")));
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
                    line.push_str(&format!(": {}", a.bounds.join(" + ")));
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
                format!(": {}", t.supertraits.join(" + "))
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
    if !s.methods.is_empty() {
        let methods = s
            .methods
            .iter()
            .map(|(n, m)| format!("{};", signature(n, m)))
            .collect();
        braced(&mut lines, format!("impl {name}"), methods);
    }
    lines.extend(
        s.implementors
            .iter()
            .map(|i| format!("impl {name} for {i}")),
    );
    if lines.is_empty() {
        lines.push("(nothing)".to_owned());
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

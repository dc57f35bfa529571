//! Declarative macros expanded by example, as rustc expands them: the items a crate's
//! own `macro_rules!` write out are items of its API (issue 44).
//!
//! A `macro_rules!` is a list of rules, each a matcher and a transcriber. A call is
//! matched against each rule in order; the first that matches the whole input is
//! transcribed with its bindings. Matching follows rustc's: tokens are compared as
//! rustc's lexer glues them (`=>`, `::`, `'a` are one token tree each), fragments
//! (`$t:ty`, `$e:expr`, …) are parsed by syn's parser for that syntax class, and a
//! repetition prefers one more round to stopping, backtracking when the rest fails.
//! What cannot be matched or transcribed within a step budget is not expanded: the
//! caller says so, as for any macro it cannot read.

use std::collections::BTreeMap;
use std::rc::Rc;

use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use syn::parse::{ParseStream, Parser};

/// One `macro_rules!` definition, parsed.
#[derive(Debug)]
pub struct MacroRules {
    rules: Vec<Rule>,
}

#[derive(Debug)]
struct Rule {
    matcher: Vec<Matcher>,
    transcriber: Vec<Transcribe>,
}

/// A token tree as rustc's lexer sees it: a multi-character operator or a lifetime
/// is one tree, though proc_macro2 spells it as several.
#[derive(Clone, Debug)]
enum Tt {
    Group(Delimiter, Span, Rc<[Tt]>),
    /// One token: an ident, a literal, or a glued punctuation run / lifetime.
    Token(Rc<[TokenTree]>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    ZeroOrMore,
    OneOrMore,
    ZeroOrOne,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Ident,
    Lifetime,
    Tt,
    Literal,
    Block,
    Vis,
    Ty,
    Path,
    Expr,
    Pat,
    PatParam,
    Stmt,
    Item,
    Meta,
}

#[derive(Debug)]
enum Matcher {
    Token(Tt),
    Group(Delimiter, Vec<Matcher>),
    Fragment(String, Kind),
    Repeat(Repetition<Matcher>),
}

#[derive(Debug)]
struct Repetition<T> {
    inner: Vec<T>,
    separator: Option<Tt>,
    op: Op,
    /// The fragment names bound (or used) inside, at any depth.
    names: Vec<String>,
}

impl<T> Repetition<T> {
    /// A repetition of `inner`, with the names `names_of` finds bound or used in it.
    fn new(
        inner: Vec<T>,
        separator: Option<Tt>,
        op: Op,
        names_of: fn(&[T], &mut Vec<String>),
    ) -> Repetition<T> {
        let mut names = Vec::new();
        names_of(&inner, &mut names);
        Repetition {
            inner,
            separator,
            op,
            names,
        }
    }
}

#[derive(Debug)]
enum Transcribe {
    Token(Tt),
    Group(Delimiter, Span, Vec<Transcribe>),
    Var(String, Span),
    Crate,
    Repeat(Repetition<Transcribe>),
}

/// What a fragment bound: one match, or one per round of a repetition.
#[derive(Clone, Debug)]
enum Binding {
    One(Kind, Rc<[Tt]>),
    Rounds(Vec<Binding>),
}

type Bindings = BTreeMap<String, Binding>;

/// Why a call was not expanded.
#[derive(Debug, PartialEq, Eq)]
pub enum Unexpanded {
    /// No rule matches the call's input.
    NoRuleMatches,
    /// The matcher gave up: the search grew past its budget.
    TooComplex,
    /// A transcriber repeats fragments bound a different number of times, or uses
    /// one at the wrong depth.
    Transcription,
}

/// Steps the matcher may take per call before giving up.
const BUDGET: usize = 200_000;

impl MacroRules {
    /// Parses the body of `macro_rules! name { … }`; `None` when it is not rules.
    pub fn parse(body: TokenStream) -> Option<MacroRules> {
        let tts = lex(body);
        let mut rules = Vec::new();
        let mut i = 0;
        while i < tts.len() {
            let Tt::Group(_, _, matcher) = &tts[i] else {
                return None;
            };
            if !is_op(tts.get(i + 1)?, "=>") {
                return None;
            }
            let Tt::Group(_, _, transcriber) = tts.get(i + 2)? else {
                return None;
            };
            rules.push(Rule {
                matcher: parse_matcher(matcher)?,
                transcriber: parse_transcriber(transcriber)?,
            });
            i += 3;
            if i < tts.len() {
                if !is_op(&tts[i], ";") {
                    return None;
                }
                i += 1;
            }
        }
        (!rules.is_empty()).then_some(MacroRules { rules })
    }

    /// The tokens a call with `input` expands to. `krate`: what `$crate` becomes.
    pub fn expand(
        &self,
        input: TokenStream,
        krate: &TokenStream,
    ) -> Result<TokenStream, Unexpanded> {
        // As rustc's lexer glues them (`$op:tt` takes `>>` whole, ubyte 0.10); where no
        // rule matches, again with each `>` alone (a type that ends inside `>>`).
        match self.expand_lexed(lex_as(input.clone(), false), krate) {
            Err(Unexpanded::NoRuleMatches) => self.expand_lexed(lex_as(input, true), krate),
            other => other,
        }
    }

    fn expand_lexed(&self, input: Vec<Tt>, krate: &TokenStream) -> Result<TokenStream, Unexpanded> {
        let search = Match {
            budget: std::cell::Cell::new(BUDGET),
        };
        for rule in &self.rules {
            let mut found = None;
            let mut bindings = Bindings::new();
            let matched = search.list(&rule.matcher, &input, 0, &mut bindings, &mut |end, b| {
                if end == input.len() {
                    found = Some(b.clone());
                    true
                } else {
                    false
                }
            });
            if search.budget.get() == 0 {
                return Err(Unexpanded::TooComplex);
            }
            if let (true, Some(bindings)) = (matched, found) {
                let mut out = Vec::new();
                transcribe(&rule.transcriber, &bindings, &[], krate, &mut out)
                    .ok_or(Unexpanded::Transcription)?;
                return Ok(out.into_iter().collect());
            }
        }
        Err(Unexpanded::NoRuleMatches)
    }
}

/// The operators rustc's lexer reads as one token, longest first.
const GLUED: [&str; 24] = [
    "<<=", ">>=", "...", "..=", "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=",
    "*=", "/=", "%=", "^=", "&=", "|=", "<<", ">>", "..",
];

/// proc_macro2 token trees as rustc's lexer would hand them to a macro.
fn lex(stream: TokenStream) -> Vec<Tt> {
    lex_as(stream, false)
}

/// [`lex`]; `split_gt`: every `>` stands alone, as rustc's parser splits `>>` and `>=`
/// where a type's `>` ends inside one (`$ty:ty` on `Cow<'_, str>>`, lofty 0.25).
fn lex_as(stream: TokenStream, split_gt: bool) -> Vec<Tt> {
    let trees: Vec<TokenTree> = stream.into_iter().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < trees.len() {
        match &trees[i] {
            TokenTree::Group(g) => {
                out.push(Tt::Group(
                    g.delimiter(),
                    g.span(),
                    lex_as(g.stream(), split_gt).into(),
                ));
                i += 1;
            }
            TokenTree::Punct(p) if p.as_char() == '\'' && p.spacing() == Spacing::Joint => {
                // A lifetime: `'` joined to its name.
                let end = (i + 2).min(trees.len());
                out.push(Tt::Token(trees[i..end].into()));
                i = end;
            }
            TokenTree::Punct(_) => {
                // The longest operator the joined run starts with.
                let mut run = String::new();
                let mut j = i;
                while let Some(TokenTree::Punct(p)) = trees.get(j) {
                    run.push(p.as_char());
                    j += 1;
                    if p.spacing() == Spacing::Alone || run.len() == 3 {
                        break;
                    }
                }
                let len = GLUED
                    .iter()
                    .find(|op| run.starts_with(**op) && !(split_gt && op.starts_with('>')))
                    .map_or(1, |op| op.len());
                out.push(Tt::Token(trees[i..i + len].into()));
                i += len;
            }
            other => {
                out.push(Tt::Token(Rc::from([other.clone()])));
                i += 1;
            }
        }
    }
    out
}

fn unlex(tts: &[Tt], out: &mut Vec<TokenTree>) {
    for tt in tts {
        match tt {
            Tt::Group(d, span, inner) => {
                let mut trees = Vec::new();
                unlex(inner, &mut trees);
                let mut g = Group::new(*d, trees.into_iter().collect());
                g.set_span(*span);
                out.push(TokenTree::Group(g));
            }
            Tt::Token(trees) => out.extend(trees.iter().cloned()),
        }
    }
}

/// How many proc_macro2 token trees `tt` is.
fn width(tt: &Tt) -> usize {
    match tt {
        Tt::Group(..) => 1,
        Tt::Token(trees) => trees.len(),
    }
}

fn token_text(tt: &Tt) -> Option<String> {
    match tt {
        Tt::Token(trees) => Some(trees.iter().map(|t| t.to_string()).collect()),
        Tt::Group(..) => None,
    }
}

fn is_op(tt: &Tt, op: &str) -> bool {
    matches!(tt, Tt::Token(t) if t.iter().all(|t| matches!(t, TokenTree::Punct(_)))
        && token_text(tt).as_deref() == Some(op))
}

fn ident(tt: &Tt) -> Option<&Ident> {
    match tt {
        Tt::Token(t) if t.len() == 1 => match &t[0] {
            TokenTree::Ident(i) => Some(i),
            _ => None,
        },
        _ => None,
    }
}

/// Two token trees alike, as a matcher compares them.
fn same(a: &Tt, b: &Tt) -> bool {
    match (a, b) {
        (Tt::Group(da, _, ia), Tt::Group(db, _, ib)) => {
            da == db && ia.len() == ib.len() && ia.iter().zip(ib.iter()).all(|(a, b)| same(a, b))
        }
        (Tt::Token(_), Tt::Token(_)) => token_text(a) == token_text(b),
        _ => false,
    }
}

fn kind(name: &str) -> Option<Kind> {
    Some(match name {
        "ident" => Kind::Ident,
        "lifetime" => Kind::Lifetime,
        "tt" => Kind::Tt,
        "literal" => Kind::Literal,
        "block" => Kind::Block,
        "vis" => Kind::Vis,
        "ty" => Kind::Ty,
        "path" => Kind::Path,
        "expr" | "expr_2021" => Kind::Expr,
        "pat" => Kind::Pat,
        "pat_param" => Kind::PatParam,
        "stmt" => Kind::Stmt,
        "item" => Kind::Item,
        "meta" => Kind::Meta,
        _ => return None,
    })
}

/// `$( … ) sep? op` found at a `$`: the group, the separator, the op, and the index
/// after them.
type RepetitionAt<'t> = (&'t Rc<[Tt]>, Option<Tt>, Op, usize);

/// `$( … ) sep? op` after the `$` at `tts[i]`.
fn repetition_at(tts: &[Tt], i: usize) -> Option<RepetitionAt<'_>> {
    let Some(Tt::Group(Delimiter::Parenthesis, _, inner)) = tts.get(i + 1) else {
        return None;
    };
    let op_of = |tt: &Tt| match token_text(tt).as_deref() {
        Some("*") => Some(Op::ZeroOrMore),
        Some("+") => Some(Op::OneOrMore),
        Some("?") => Some(Op::ZeroOrOne),
        _ => None,
    };
    let next = tts.get(i + 2)?;
    if let Some(op) = op_of(next) {
        return Some((inner, None, op, i + 3));
    }
    let op = op_of(tts.get(i + 3)?)?;
    Some((inner, Some(next.clone()), op, i + 4))
}

fn parse_matcher(tts: &[Tt]) -> Option<Vec<Matcher>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < tts.len() {
        let tt = &tts[i];
        if is_op(tt, "$") {
            if let Some(name) = tts.get(i + 1).and_then(ident) {
                if tts.get(i + 2).is_some_and(|t| is_op(t, ":")) {
                    let k = tts
                        .get(i + 3)
                        .and_then(ident)
                        .and_then(|k| kind(&k.to_string()))?;
                    out.push(Matcher::Fragment(unraw(name), k));
                    i += 4;
                    continue;
                }
            }
            if let Some((inner, separator, op, next)) = repetition_at(tts, i) {
                let inner = parse_matcher(inner)?;
                out.push(Matcher::Repeat(Repetition::new(
                    inner,
                    separator,
                    op,
                    matcher_names,
                )));
                i = next;
                continue;
            }
        }
        out.push(match tt {
            Tt::Group(d, _, inner) => Matcher::Group(*d, parse_matcher(inner)?),
            token => Matcher::Token(token.clone()),
        });
        i += 1;
    }
    Some(out)
}

fn matcher_names(ms: &[Matcher], out: &mut Vec<String>) {
    for m in ms {
        match m {
            Matcher::Fragment(name, _) => out.push(name.clone()),
            Matcher::Group(_, inner) => matcher_names(inner, out),
            Matcher::Repeat(r) => out.extend(r.names.iter().cloned()),
            Matcher::Token(_) => {}
        }
    }
}

fn parse_transcriber(tts: &[Tt]) -> Option<Vec<Transcribe>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < tts.len() {
        let tt = &tts[i];
        if is_op(tt, "$") {
            if let Some(name) = tts.get(i + 1).and_then(ident) {
                out.push(if name == "crate" {
                    Transcribe::Crate
                } else {
                    Transcribe::Var(unraw(name), name.span())
                });
                i += 2;
                continue;
            }
            if let Some((inner, separator, op, next)) = repetition_at(tts, i) {
                let inner = parse_transcriber(inner)?;
                out.push(Transcribe::Repeat(Repetition::new(
                    inner,
                    separator,
                    op,
                    transcriber_names,
                )));
                i = next;
                continue;
            }
        }
        out.push(match tt {
            Tt::Group(d, span, inner) => Transcribe::Group(*d, *span, parse_transcriber(inner)?),
            token => Transcribe::Token(token.clone()),
        });
        i += 1;
    }
    Some(out)
}

fn transcriber_names(ts: &[Transcribe], out: &mut Vec<String>) {
    for t in ts {
        match t {
            Transcribe::Var(name, _) => out.push(name.clone()),
            Transcribe::Group(_, _, inner) => transcriber_names(inner, out),
            Transcribe::Repeat(r) => out.extend(r.names.iter().cloned()),
            Transcribe::Token(_) | Transcribe::Crate => {}
        }
    }
}

/// An identifier's name without `r#`.
fn unraw(ident: &Ident) -> String {
    syn::ext::IdentExt::unraw(ident).to_string()
}

/// The matcher's search: continuation passing, so a repetition can back off one
/// round when what follows it does not match.
struct Match {
    budget: std::cell::Cell<usize>,
}

type Then<'k> = &'k mut dyn FnMut(usize, &mut Bindings) -> bool;

impl Match {
    fn tick(&self) -> bool {
        let left = self.budget.get();
        self.budget.set(left.saturating_sub(1));
        left > 0
    }

    /// Matches `ms` against `tts` from `at`, then calls `then` with where it ended.
    fn list(&self, ms: &[Matcher], tts: &[Tt], at: usize, b: &mut Bindings, then: Then) -> bool {
        if !self.tick() {
            return false;
        }
        let Some((first, rest)) = ms.split_first() else {
            return then(at, b);
        };
        match first {
            Matcher::Token(want) => {
                tts.get(at).is_some_and(|tt| same(want, tt))
                    && self.list(rest, tts, at + 1, b, then)
            }
            Matcher::Group(d, inner) => match tts.get(at) {
                Some(Tt::Group(gd, _, content)) if gd == d => {
                    self.list(inner, content, 0, b, &mut |end, b| {
                        end == content.len() && self.list(rest, tts, at + 1, b, then)
                    })
                }
                _ => false,
            },
            Matcher::Fragment(name, k) => {
                let Some(end) = fragment(*k, tts, at) else {
                    return false;
                };
                let old = b.insert(name.clone(), Binding::One(*k, tts[at..end].into()));
                if self.list(rest, tts, end, b, then) {
                    return true;
                }
                match old {
                    Some(old) => b.insert(name.clone(), old),
                    None => b.remove(name),
                };
                false
            }
            Matcher::Repeat(r) => self.rounds(r, rest, tts, at, b, Vec::new(), then),
        }
    }

    /// The repetition `r` after the rounds `done` (their bindings), at `at`.
    #[allow(clippy::too_many_arguments)]
    fn rounds(
        &self,
        r: &Repetition<Matcher>,
        rest: &[Matcher],
        tts: &[Tt],
        at: usize,
        b: &mut Bindings,
        done: Vec<Bindings>,
        then: Then,
    ) -> bool {
        if !self.tick() {
            return false;
        }
        // One more round first, as rustc prefers.
        if r.op != Op::ZeroOrOne || done.is_empty() {
            let start = match (&r.separator, done.is_empty()) {
                (Some(sep), false) => tts.get(at).filter(|tt| same(sep, tt)).map(|_| at + 1),
                _ => Some(at),
            };
            if let Some(start) = start {
                let more = self.list(
                    &r.inner,
                    tts,
                    start,
                    &mut Bindings::new(),
                    &mut |end, round| {
                        // A round that consumes nothing would repeat forever.
                        end != at && {
                            let mut next = done.clone();
                            next.push(round.clone());
                            self.rounds(r, rest, tts, end, b, next, then)
                        }
                    },
                );
                if more {
                    return true;
                }
            }
        }
        if r.op == Op::OneOrMore && done.is_empty() {
            return false;
        }
        // Stop: each name bound inside is bound to its rounds.
        let saved: Vec<(String, Option<Binding>)> = r
            .names
            .iter()
            .map(|n| {
                let rounds = done.iter().filter_map(|d| d.get(n).cloned()).collect();
                (n.clone(), b.insert(n.clone(), Binding::Rounds(rounds)))
            })
            .collect();
        if self.list(rest, tts, at, b, then) {
            return true;
        }
        for (n, old) in saved {
            match old {
                Some(old) => b.insert(n, old),
                None => b.remove(&n),
            };
        }
        false
    }
}

/// Where a fragment of kind `k` starting at `tts[at]` ends, parsed as rustc would.
fn fragment(k: Kind, tts: &[Tt], at: usize) -> Option<usize> {
    let first = tts.get(at);
    match k {
        Kind::Tt => return first.map(|_| at + 1),
        Kind::Ident => return first.and_then(ident).filter(|i| *i != "_").map(|_| at + 1),
        Kind::Lifetime => {
            return match first? {
                Tt::Token(t)
                    if t.len() == 2
                        && matches!(&t[0], TokenTree::Punct(p) if p.as_char() == '\'') =>
                {
                    Some(at + 1)
                }
                _ => None,
            }
        }
        Kind::Literal => {
            let lit = |tt: &Tt| match tt {
                Tt::Token(t) if t.len() == 1 => match &t[0] {
                    TokenTree::Literal(_) => true,
                    TokenTree::Ident(i) => i == "true" || i == "false",
                    _ => false,
                },
                _ => false,
            };
            if lit(first?) {
                return Some(at + 1);
            }
            return (is_op(first?, "-") && tts.get(at + 1).is_some_and(lit)).then_some(at + 2);
        }
        Kind::Block => return matches!(first?, Tt::Group(Delimiter::Brace, ..)).then_some(at + 1),
        _ => {}
    }
    let mut trees = Vec::new();
    unlex(&tts[at..], &mut trees);
    let total = trees.len();
    let parser = |input: ParseStream| -> syn::Result<usize> {
        match k {
            Kind::Vis => drop(input.parse::<syn::Visibility>()?),
            Kind::Ty => drop(input.parse::<syn::Type>()?),
            Kind::Path => drop(input.parse::<syn::Path>()?),
            Kind::Expr => drop(input.parse::<syn::Expr>()?),
            Kind::Pat => drop(syn::Pat::parse_multi_with_leading_vert(input)?),
            Kind::PatParam => drop(syn::Pat::parse_single(input)?),
            Kind::Stmt => drop(input.parse::<syn::Stmt>()?),
            Kind::Item => drop(input.parse::<syn::Item>()?),
            Kind::Meta => drop(input.parse::<syn::Meta>()?),
            _ => unreachable!("token-level fragments are matched above"),
        }
        let rest: TokenStream = input.parse()?;
        Ok(rest.into_iter().count())
    };
    let left = parser.parse2(trees.into_iter().collect()).ok()?;
    // Back to rustc's trees: the parse must end between two of them.
    let mut consumed = total - left;
    let mut end = at;
    while consumed > 0 {
        let w = width(tts.get(end)?);
        if w > consumed {
            return None;
        }
        consumed -= w;
        end += 1;
    }
    // A fragment never matches nothing, but an empty visibility does.
    (end > at || k == Kind::Vis).then_some(end)
}

/// Writes `ts` with `b` into `out`; `at` is the round of each enclosing repetition.
fn transcribe(
    ts: &[Transcribe],
    b: &Bindings,
    at: &[usize],
    krate: &TokenStream,
    out: &mut Vec<TokenTree>,
) -> Option<()> {
    for t in ts {
        match t {
            Transcribe::Token(tt) => unlex(std::slice::from_ref(tt), out),
            Transcribe::Group(d, span, inner) => {
                let mut trees = Vec::new();
                transcribe(inner, b, at, krate, &mut trees)?;
                let mut g = Group::new(*d, trees.into_iter().collect());
                g.set_span(*span);
                out.push(TokenTree::Group(g));
            }
            Transcribe::Crate => out.extend(krate.clone()),
            Transcribe::Var(name, span) => match b.get(name) {
                // Not a fragment of this rule: written as is (a nested macro_rules!).
                None => {
                    out.push(TokenTree::Punct(Punct::new('$', Spacing::Alone)));
                    out.push(TokenTree::Ident(Ident::new(name, *span)));
                }
                Some(binding) => {
                    let mut binding = binding;
                    for round in at {
                        if let Binding::Rounds(rounds) = binding {
                            binding = rounds.get(*round)?;
                        }
                    }
                    let Binding::One(kind, tts) = binding else {
                        return None; // used at a shallower depth than bound
                    };
                    substitute(*kind, tts, out);
                }
            },
            Transcribe::Repeat(r) => {
                // The rounds: from the names bound at this depth.
                let mut count = None;
                for name in &r.names {
                    let mut binding = b.get(name);
                    for round in at {
                        binding = match binding {
                            Some(Binding::Rounds(rounds)) => rounds.get(*round),
                            other => other,
                        };
                    }
                    if let Some(Binding::Rounds(rounds)) = binding {
                        match count {
                            None => count = Some(rounds.len()),
                            Some(n) if n != rounds.len() => return None,
                            Some(_) => {}
                        }
                    }
                }
                let count = count?;
                let mut at = at.to_vec();
                for round in 0..count {
                    if round > 0 {
                        if let Some(sep) = &r.separator {
                            unlex(std::slice::from_ref(sep), out);
                        }
                    }
                    at.push(round);
                    transcribe(&r.inner, b, &at, krate, out)?;
                    at.pop();
                }
            }
        }
    }
    Some(())
}

/// A bound fragment written into the output. An expression of several tokens keeps
/// its precedence in parentheses (rustc keeps it in an invisible group); a type with
/// bounds likewise.
fn substitute(kind: Kind, tts: &[Tt], out: &mut Vec<TokenTree>) {
    let grouped = match kind {
        Kind::Expr => tts.len() > 1,
        Kind::Ty => tts.iter().any(|t| is_op(t, "+")),
        _ => false,
    };
    if grouped {
        let mut trees = Vec::new();
        unlex(tts, &mut trees);
        out.push(TokenTree::Group(Group::new(
            Delimiter::Parenthesis,
            trees.into_iter().collect(),
        )));
    } else {
        unlex(tts, out);
    }
}

/// `paste!`'s expansion: every `[< … >]` in `input` is one identifier, its pieces
/// joined (`:lower`, `:upper`, `:snake` and `:camel` apply to the piece before).
/// `None` when a piece is not an identifier, a literal or an underscore.
pub fn paste(input: TokenStream) -> Option<TokenStream> {
    let mut out = Vec::new();
    for tree in input {
        match tree {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket => {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                let is_paste = matches!(inner.first(), Some(TokenTree::Punct(p)) if p.as_char() == '<')
                    && matches!(inner.last(), Some(TokenTree::Punct(p)) if p.as_char() == '>');
                if is_paste && inner.len() >= 2 {
                    out.push(TokenTree::Ident(pasted(
                        &inner[1..inner.len() - 1],
                        g.span(),
                    )?));
                } else if let Some(doc) = pasted_doc(&inner) {
                    let mut ng = Group::new(g.delimiter(), doc);
                    ng.set_span(g.span());
                    out.push(TokenTree::Group(ng));
                } else {
                    let mut ng = Group::new(g.delimiter(), paste(g.stream())?);
                    ng.set_span(g.span());
                    out.push(TokenTree::Group(ng));
                }
            }
            TokenTree::Group(g) => {
                let mut ng = Group::new(g.delimiter(), paste(g.stream())?);
                ng.set_span(g.span());
                out.push(TokenTree::Group(ng));
            }
            other => out.push(other),
        }
    }
    Some(out.into_iter().collect())
}

/// `doc = "Returns the " name "."` inside `paste!` (lofty 0.25's accessors): the
/// pieces joined into one string, as `paste!` joins them. `None` when the attribute is
/// not a `doc` of several pieces, or a piece is neither a literal nor an identifier.
fn pasted_doc(inner: &[TokenTree]) -> Option<TokenStream> {
    let [TokenTree::Ident(doc), TokenTree::Punct(eq), pieces @ ..] = inner else {
        return None;
    };
    if doc != "doc" || eq.as_char() != '=' || pieces.len() < 2 {
        return None;
    }
    let text = joined(pieces)?;
    let mut out = vec![TokenTree::Ident(doc.clone()), TokenTree::Punct(eq.clone())];
    out.push(TokenTree::Literal(proc_macro2::Literal::string(&text)));
    Some(out.into_iter().collect())
}

/// `cfg_select!`'s expansion (std's, and cfg_if's successor): each arm's items under
/// the arm's predicate and the negation of every arm before it (`_` is "none of them").
/// `None` when an arm is not `predicate => { items }`.
pub fn cfg_select(input: TokenStream) -> Option<TokenStream> {
    let tts = lex(input);
    let mut out = TokenStream::new();
    let mut before: Vec<TokenStream> = Vec::new();
    let mut at = 0;
    while at < tts.len() {
        let arrow = (at..tts.len()).find(|&i| is_op(&tts[i], "=>"))?;
        let mut predicate = Vec::new();
        unlex(&tts[at..arrow], &mut predicate);
        let predicate: TokenStream = predicate.into_iter().collect();
        let Some(Tt::Group(Delimiter::Brace, _, body)) = tts.get(arrow + 1) else {
            return None;
        };
        let mut trees = Vec::new();
        unlex(body, &mut trees);
        let items = syn::parse2::<syn::File>(trees.into_iter().collect())
            .ok()?
            .items;
        let wildcard = predicate.to_string() == "_";
        let cfg = match (wildcard, before.is_empty()) {
            (true, true) => quote::quote!(all()),
            (true, false) => quote::quote!(not(any(#(#before),*))),
            (false, true) => predicate.clone(),
            (false, false) => quote::quote!(all(#predicate, not(any(#(#before),*)))),
        };
        for item in items {
            out.extend(quote::quote!(#[cfg(#cfg)] #item));
        }
        before.push(predicate);
        at = arrow + 2;
        // An optional comma between arms.
        if tts.get(at).is_some_and(|t| is_op(t, ",")) {
            at += 1;
        }
    }
    Some(out)
}

/// `cfg_if!`'s expansion, for when the cfg-if crate's own definition cannot be read
/// (no lock file, a version not unpacked): `if #[cfg(p)] { items } else if #[cfg(q)] {
/// items } else { items }` is `cfg_select! { p => { items } q => { items } _ => { items }
/// }`. `None` for any other form.
pub fn cfg_if(input: TokenStream) -> Option<TokenStream> {
    let mut trees = input.into_iter().peekable();
    let mut arms = TokenStream::new();
    loop {
        let predicate = match trees.next() {
            Some(TokenTree::Ident(i)) if i == "if" => match (trees.next(), trees.next()) {
                (Some(TokenTree::Punct(p)), Some(TokenTree::Group(attr)))
                    if p.as_char() == '#' && attr.delimiter() == Delimiter::Bracket =>
                {
                    let mut inner = attr.stream().into_iter();
                    match (inner.next(), inner.next(), inner.next()) {
                        (Some(TokenTree::Ident(cfg)), Some(TokenTree::Group(p)), None)
                            if cfg == "cfg" && p.delimiter() == Delimiter::Parenthesis =>
                        {
                            p.stream()
                        }
                        _ => return None,
                    }
                }
                _ => return None,
            },
            // The last `else { … }`.
            Some(TokenTree::Group(body)) if body.delimiter() == Delimiter::Brace => {
                arms.extend(quote::quote!(_ => #body));
                return trees.next().is_none().then(|| cfg_select(arms)).flatten();
            }
            _ => return None,
        };
        let Some(TokenTree::Group(body)) = trees.next() else {
            return None;
        };
        if body.delimiter() != Delimiter::Brace {
            return None;
        }
        arms.extend(quote::quote!(#predicate => #body));
        match trees.next() {
            None => return cfg_select(arms),
            Some(TokenTree::Ident(e)) if e == "else" => {}
            _ => return None,
        }
    }
}

fn pasted(pieces: &[TokenTree], span: Span) -> Option<Ident> {
    let text = joined(pieces)?;
    if text.is_empty() {
        return None;
    }
    pasted_ident(text, span)
}

/// `pieces` joined as `paste!` joins them: identifiers, literals (a string's text),
/// each with the case modifier after it applied.
fn joined(pieces: &[TokenTree]) -> Option<String> {
    let mut text = String::new();
    let mut last_start = 0;
    let mut i = 0;
    while i < pieces.len() {
        match &pieces[i] {
            TokenTree::Ident(id) => {
                last_start = text.len();
                text.push_str(&unraw(id));
            }
            TokenTree::Literal(l) => {
                last_start = text.len();
                match syn::parse_str::<syn::Lit>(&l.to_string()).ok()? {
                    syn::Lit::Str(s) => text.push_str(&s.value()),
                    _ => text.push_str(l.to_string().trim_matches('"')),
                }
            }
            TokenTree::Punct(p) if p.as_char() == ':' => {
                let modifier = match pieces.get(i + 1) {
                    Some(TokenTree::Ident(m)) => m.to_string(),
                    _ => return None,
                };
                let piece = text.split_off(last_start);
                text.push_str(&match modifier.as_str() {
                    "lower" => piece.to_lowercase(),
                    "upper" => piece.to_uppercase(),
                    "snake" => snake(&piece),
                    "camel" => camel(&piece),
                    _ => return None,
                });
                i += 1;
            }
            TokenTree::Group(g) if g.delimiter() == Delimiter::None => {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                last_start = text.len();
                text.push_str(&joined(&inner)?);
            }
            _ => return None,
        }
        i += 1;
    }
    Some(text)
}

/// The identifier `paste!` makes of `text`: raw where it is a keyword.
fn pasted_ident(text: String, span: Span) -> Option<Ident> {
    if text.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    syn::parse_str::<Ident>(&text)
        .ok()
        .map(|_| Ident::new(&text, span))
        .or_else(|| Some(Ident::new_raw(&text, span)))
}

fn snake(s: &str) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if c.is_uppercase() {
            if i > 0 && !out.ends_with('_') {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn camel(s: &str) -> String {
    let mut out = String::new();
    let mut upper = true;
    for c in s.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn expand(def: TokenStream, call: TokenStream) -> Result<String, Unexpanded> {
        let rules = MacroRules::parse(def).expect("a macro_rules! body");
        let krate = quote!(crate);
        rules.expand(call, &krate).map(|t| t.to_string())
    }

    #[test]
    fn repetitions_with_separators_write_one_item_per_round() {
        let out = expand(
            quote! { ($($name:ident: $t:ty),* $(,)?) => { $(pub fn $name() -> $t { todo!() })* }; },
            quote! { a: u8, b: Vec<u16>, },
        )
        .unwrap();
        assert_eq!(
            out,
            quote! { pub fn a() -> u8 { todo!() } pub fn b() -> Vec<u16> { todo!() } }.to_string()
        );
    }

    #[test]
    fn the_first_rule_that_matches_the_whole_input_is_used() {
        let def = quote! {
            (@inner $x:ident) => { pub struct $x; };
            ($x:ident) => { $crate::m!(@inner $x); pub const ONE: u8 = 1; };
        };
        assert_eq!(
            expand(def.clone(), quote! { Foo }).unwrap(),
            quote! { crate::m!(@inner Foo); pub const ONE: u8 = 1; }.to_string()
        );
        assert_eq!(
            expand(def.clone(), quote! { @inner Bar }).unwrap(),
            quote! { pub struct Bar; }.to_string()
        );
        assert_eq!(expand(def, quote! { 1 2 }), Err(Unexpanded::NoRuleMatches));
    }

    #[test]
    fn a_repetition_backs_off_a_round_for_what_follows() {
        // `$($head:tt)*` would take `=>` and the last token too; rustc's matcher finds
        // the split where the rest matches.
        let out = expand(
            quote! { ($($head:tt)* => $last:ident) => { pub fn $last() {} }; },
            quote! { a b c => done },
        )
        .unwrap();
        assert_eq!(out, quote! { pub fn done() {} }.to_string());
    }

    #[test]
    fn glued_operators_and_lifetimes_are_one_token_tree() {
        let out = expand(
            quote! { ($a:tt $b:tt $c:tt) => { pub struct S<$a>(&$a ()); const _: &str = stringify!($b $c); }; },
            quote! { 'x => :: },
        )
        .unwrap();
        assert!(out.starts_with("pub struct S < 'x > (& 'x ())"), "{out}");
    }

    #[test]
    fn an_expression_fragment_keeps_its_precedence() {
        let out = expand(
            quote! { ($e:expr) => { pub const X: u32 = $e * 2; }; },
            quote! { 1 + 1 },
        )
        .unwrap();
        assert_eq!(out, quote! { pub const X: u32 = (1 + 1) * 2; }.to_string());
    }

    #[test]
    fn nested_repetitions_and_methods_in_an_impl() {
        let out = expand(
            quote! {
                ($($ty:ident { $($m:ident),* })*) => {
                    $(impl $ty { $(pub fn $m(&self) -> &'static str { stringify!($ty) })* })*
                };
            },
            quote! { A { x, y } B { } },
        )
        .unwrap();
        assert_eq!(
            out,
            quote! {
                impl A {
                    pub fn x(&self) -> &'static str { stringify!(A) }
                    pub fn y(&self) -> &'static str { stringify!(A) }
                }
                impl B { }
            }
            .to_string()
        );
    }

    #[test]
    fn a_tt_muncher_recurses_by_calls_in_its_output() {
        // Each expansion writes the next call, as cfg_if! does: the scan expands it.
        let out = expand(
            quote! {
                (@acc [$($done:ident)*] $next:ident $($rest:ident)*) => {
                    m!(@acc [$($done)* $next] $($rest)*);
                };
                (@acc [$($done:ident)*]) => { $(pub struct $done;)* };
            },
            quote! { @acc [] A B },
        )
        .unwrap();
        assert_eq!(out, quote! { m!(@acc [A] B); }.to_string());
    }

    #[test]
    fn a_nested_macro_rules_keeps_its_own_dollars() {
        let out = expand(
            quote! { ($name:ident) => { macro_rules! $name { ($x:expr) => { $x }; } }; },
            quote! { inner },
        )
        .unwrap();
        assert_eq!(
            out,
            quote! { macro_rules! inner { ($x:expr) => { $x }; } }.to_string()
        );
    }

    #[test]
    fn fragments_repeated_unevenly_are_not_transcribed() {
        let out = expand(
            quote! { ($($a:ident)* ; $($b:ident)*) => { $(pub fn $a() -> $b {})* }; },
            quote! { x y ; T },
        );
        assert_eq!(out, Err(Unexpanded::Transcription));
    }

    #[test]
    fn cfg_if_is_cfg_select_with_its_arms() {
        let out = cfg_if(quote! {
            if #[cfg(unix)] {
                pub trait Source {}
            } else if #[cfg(windows)] {
                pub trait Source {}
                pub struct W;
            } else {
                compile_error!("unsupported");
            }
        })
        .unwrap();
        let expected = cfg_select(quote! {
            unix => { pub trait Source {} }
            windows => { pub trait Source {} pub struct W; }
            _ => { compile_error!("unsupported"); }
        })
        .unwrap();
        assert_eq!(out.to_string(), expected.to_string());
        assert!(out
            .to_string()
            .starts_with("# [cfg (unix)] pub trait Source"));
        // One arm alone, and forms it does not know.
        assert!(cfg_if(quote! { if #[cfg(unix)] { pub fn a() {} } }).is_some());
        assert!(cfg_if(quote! { #[cfg(unix)] pub fn a() {} }).is_none());
        assert!(cfg_if(quote! { if #[cfg(unix)] { pub fn a() {} } else }).is_none());
    }

    #[test]
    fn cfg_select_writes_each_arm_under_its_predicate_and_the_negation_of_those_before() {
        let out = cfg_select(quote! {
            unix => { pub fn a() {} }
            any(windows, target_os = "wasi") => { pub fn b() {} pub struct B; }
            _ => { pub fn c() {} }
        })
        .unwrap();
        assert_eq!(
            out.to_string(),
            quote! {
                #[cfg(unix)] pub fn a() {}
                #[cfg(all(any(windows, target_os = "wasi"), not(any(unix))))] pub fn b() {}
                #[cfg(all(any(windows, target_os = "wasi"), not(any(unix))))] pub struct B;
                #[cfg(not(any(unix, any(windows, target_os = "wasi"))))] pub fn c() {}
            }
            .to_string()
        );
        assert!(cfg_select(quote! { unix => pub fn a() {} }).is_none());
    }

    #[test]
    fn a_type_fragment_may_end_inside_a_double_angle_bracket() {
        // lofty 0.25's `accessor_trait! { [artist]<Cow<'_, str>>, … }`.
        let out = expand(
            quote! { ($([$name:ident] < $($ty:ty),+ >),+ $(,)?) => { $(pub fn $name() -> ($($ty,)+) { loop {} })+ }; },
            quote! { [artist]<Cow<'_, str>>, [track]<Option<u8>, String>, },
        )
        .unwrap();
        let file: syn::File = syn::parse_str(&out).unwrap();
        assert_eq!(file.items.len(), 2);
    }

    #[test]
    fn a_token_tree_fragment_takes_a_glued_operator_whole() {
        // ubyte 0.10's `impl_self_assign_op!(ShrAssign, shr_assign, >>);`.
        let out = expand(
            quote! { ($T:ident, $op:tt) => { pub fn $T() -> u8 { 1 $op 2 } }; },
            quote! { shr, >> },
        )
        .unwrap();
        assert!(out.contains(">>"), "{out}");
    }

    #[test]
    fn paste_joins_a_doc_attribute_s_pieces() {
        // lofty 0.25's accessors: `#[doc = "Returns the " $name "."]` in `paste!`.
        let out = paste(quote! {
            #[doc = "Returns the " track " number."]
            #[doc = "assert!(ilst.is_" PODCAST:lower "());"]
            fn [<track _ number>](&self) -> Option<u32> { None }
        })
        .unwrap();
        assert_eq!(
            out.to_string(),
            quote! {
                #[doc = "Returns the track number."]
                #[doc = "assert!(ilst.is_podcast());"]
                fn track_number(&self) -> Option<u32> { None }
            }
            .to_string()
        );
        assert!(syn::parse2::<syn::TraitItemFn>(out).is_ok());
        // Near miss: a doc of one piece, and another attribute, are left as they are.
        let plain = quote! { #[doc = "x"] #[cfg(unix)] fn f() {} };
        assert_eq!(paste(plain.clone()).unwrap().to_string(), plain.to_string());
    }

    #[test]
    fn paste_joins_pieces_with_their_case() {
        let out = paste(quote! {
            pub fn [<get_ Name:snake>]() {}
            pub struct [<Http Error>];
            impl X { const [<MAX_ id:upper>]: u8 = 1; }
        })
        .unwrap();
        assert_eq!(
            out.to_string(),
            quote! {
                pub fn get_name() {}
                pub struct HttpError;
                impl X { const MAX_ID: u8 = 1; }
            }
            .to_string()
        );
        assert_eq!(snake("HttpError"), "http_error");
        assert_eq!(camel("http_error"), "HttpError");
    }
}

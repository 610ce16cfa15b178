/* cuocc-demangle.c — a small Itanium C++ ABI demangler for kernel names
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Compilers and profilers print CUDA kernels by their mangled names. This
 * demangler covers what kernel names hold: namespaces, classes, templates
 * with type and integer arguments, parameter packs, builtin types, pointers,
 * references, qualifiers, arrays, function and member pointers, lambdas and
 * substitutions. It prints what c++filt prints. Anything else makes it give
 * up, and the caller shows the mangled name.
 *
 * Every input is untrusted: recursion depth, the bytes built and the length
 * of the result are all bounded, so a hostile name costs little.
 */
#include "config.h"

#include <string.h>

#include "cuocc.h"

#define DM_MAX_INPUT   4096
#define DM_MAX_OUTPUT  8192
#define DM_MAX_DEPTH   64
#define DM_MAX_BUILT   (256 * 1024)

/* ----- types ----- */

typedef enum {
  KIND_PLAIN,
  KIND_FUNCTION,
  KIND_ARRAY,
  KIND_PACK,
} Kind;

/* A type printed in two parts, so that declarators can go inside out:
 * "void (*" + ")(int)". Nodes are never changed once built, which lets the
 * substitution table share them.
 */
typedef struct {
  Kind kind;
  gboolean grouped;                /* the "(*" group is already open */
  char *left;
  char *right;
  GPtrArray *pack;                 /* KIND_PACK: the elements, not owned */
} Node;

typedef struct {
  const char *p;
  const char *end;
  GPtrArray *nodes;                /* every node, freed at the end */
  GPtrArray *subs;                 /* substitution candidates */
  GPtrArray *tmpl;                 /* the template arguments T_ refers to */
  gsize built;
  gboolean ctor;                   /* the last name parsed ends in a constructor or destructor */
  int depth;
  gboolean failed;
} Dm;

static Node *parse_type (Dm *dm);
static Node *parse_name (Dm *dm, gboolean *is_template, GPtrArray **args);
static char *parse_encoding (Dm *dm);
static Node *parse_template_param (Dm *dm);

/* ----- helpers ----- */

static void
node_free (gpointer data)
{
  Node *node = data;

  g_free (node->left);
  g_free (node->right);
  g_free (node);
}

static void
fail (Dm *dm)
{
  dm->failed = TRUE;
}

/* Takes ownership of left and right. */
static Node *
node_new (Dm *dm, Kind kind, char *left, char *right)
{
  Node *node = g_new0 (Node, 1);

  node->kind = kind;
  node->left = left != NULL ? left : g_strdup ("");
  node->right = right != NULL ? right : g_strdup ("");
  g_ptr_array_add (dm->nodes, node);
  dm->built += strlen (node->left) + strlen (node->right) + sizeof *node;
  if (dm->built > DM_MAX_BUILT || strlen (node->left) + strlen (node->right) > DM_MAX_OUTPUT)
    fail (dm);
  return node;
}

static Node *
node_plain (Dm *dm, const char *text)
{
  return node_new (dm, KIND_PLAIN, g_strdup (text), NULL);
}

static char *
node_print (const Node *node)
{
  if (node->kind == KIND_PACK)
    {
      GString *s = g_string_new (NULL);

      for (guint i = 0; i < node->pack->len; i++)
        {
          const Node *elem = g_ptr_array_index (node->pack, i);
          g_autofree char *text = NULL;

          /* An empty pack inside a pack prints nothing, not an empty element. */
          if (elem->kind == KIND_PACK && elem->pack->len == 0)
            continue;
          text = node_print (elem);
          if (s->len > 0)
            g_string_append (s, ", ");
          g_string_append (s, text);
        }
      return g_string_free (s, FALSE);
    }
  if ((node->kind == KIND_FUNCTION || node->kind == KIND_ARRAY) && !node->grouped)
    return g_strconcat (node->left, " ", node->right, NULL);
  return g_strconcat (node->left, node->right, NULL);
}

static gboolean
peek (Dm *dm, char c)
{
  return dm->p < dm->end && *dm->p == c;
}

static gboolean
peek2 (Dm *dm, const char *two)
{
  return dm->end - dm->p >= 2 && dm->p[0] == two[0] && dm->p[1] == two[1];
}

static gboolean
eat (Dm *dm, char c)
{
  if (!peek (dm, c))
    return FALSE;
  dm->p++;
  return TRUE;
}

static gboolean
enter (Dm *dm)
{
  if (dm->failed || ++dm->depth > DM_MAX_DEPTH)
    {
      fail (dm);
      return FALSE;
    }
  return TRUE;
}

static void
leave (Dm *dm)
{
  dm->depth--;
}

static void
add_sub (Dm *dm, Node *node)
{
  if (node != NULL && !dm->failed)
    g_ptr_array_add (dm->subs, node);
}

static gboolean
parse_number (Dm *dm, gint64 *value)
{
  gint64 v = 0;
  gboolean negative = eat (dm, 'n');

  if (dm->p >= dm->end || !g_ascii_isdigit (*dm->p))
    return FALSE;
  while (dm->p < dm->end && g_ascii_isdigit (*dm->p))
    {
      if (v > G_MAXINT32)
        return FALSE;
      v = v * 10 + (*dm->p++ - '0');
    }
  *value = negative ? -v : v;
  return TRUE;
}

/* seq-id "_" in base 36; "_" alone is 0, "0_" is 1. */
static gboolean
parse_seq_id (Dm *dm, guint *index)
{
  guint v = 0;

  if (eat (dm, '_'))
    {
      *index = 0;
      return TRUE;
    }
  while (dm->p < dm->end && *dm->p != '_')
    {
      char c = *dm->p++;

      if (v > 1000000)
        return FALSE;
      if (g_ascii_isdigit (c))
        v = v * 36 + (guint) (c - '0');
      else if (c >= 'A' && c <= 'Z')
        v = v * 36 + (guint) (c - 'A' + 10);
      else
        return FALSE;
    }
  if (!eat (dm, '_'))
    return FALSE;
  *index = v + 1;
  return TRUE;
}

/* ----- names ----- */

static Node *
parse_source_name (Dm *dm)
{
  gint64 len;

  if (!parse_number (dm, &len) || len <= 0 || len > dm->end - dm->p)
    {
      fail (dm);
      return NULL;
    }
  if (len >= 10 && strncmp (dm->p, "_GLOBAL__N", 10) == 0)
    {
      dm->p += len;
      return node_plain (dm, "(anonymous namespace)");
    }
  for (gint64 i = 0; i < len; i++)
    if (!g_ascii_isalnum (dm->p[i]) && dm->p[i] != '_' && dm->p[i] != '$')
      return fail (dm), NULL;
  dm->p += len;
  return node_new (dm, KIND_PLAIN, g_strndup (dm->p - len, (gsize) len), NULL);
}

static const struct {
  const char code[3];
  const char *name;
} operators[] = {
  { "nw", "new" }, { "na", "new[]" }, { "dl", "delete" }, { "da", "delete[]" },
  { "ps", "+" }, { "ng", "-" }, { "ad", "&" }, { "de", "*" }, { "co", "~" },
  { "pl", "+" }, { "mi", "-" }, { "ml", "*" }, { "dv", "/" }, { "rm", "%" },
  { "an", "&" }, { "or", "|" }, { "eo", "^" }, { "aS", "=" }, { "pL", "+=" },
  { "mI", "-=" }, { "mL", "*=" }, { "dV", "/=" }, { "rM", "%=" }, { "aN", "&=" },
  { "oR", "|=" }, { "eO", "^=" }, { "ls", "<<" }, { "rs", ">>" }, { "lS", "<<=" },
  { "rS", ">>=" }, { "eq", "==" }, { "ne", "!=" }, { "lt", "<" }, { "gt", ">" },
  { "le", "<=" }, { "ge", ">=" }, { "ss", "<=>" }, { "nt", "!" }, { "aa", "&&" },
  { "oo", "||" }, { "pp", "++" }, { "mm", "--" }, { "cm", "," }, { "pm", "->*" },
  { "pt", "->" }, { "cl", "()" }, { "ix", "[]" }, { "qu", "?" },
};

static Node *
parse_operator_name (Dm *dm)
{
  if (peek2 (dm, "cv"))
    {
      Node *type;
      g_autofree char *printed = NULL;

      dm->p += 2;
      type = parse_type (dm);
      if (type == NULL)
        return NULL;
      printed = node_print (type);
      return node_new (dm, KIND_PLAIN, g_strconcat ("operator ", printed, NULL), NULL);
    }
  for (guint i = 0; i < G_N_ELEMENTS (operators); i++)
    {
      if (peek2 (dm, operators[i].code))
        {
          const char *name = operators[i].name;

          dm->p += 2;
          return node_new (dm, KIND_PLAIN,
                           g_strconcat ("operator", g_ascii_isalpha (name[0]) ? " " : "", name, NULL),
                           NULL);
        }
    }
  fail (dm);
  return NULL;
}

static void
skip_discriminator (Dm *dm)
{
  gint64 unused;

  if (peek2 (dm, "__"))
    {
      dm->p += 2;
      if (!parse_number (dm, &unused) || !eat (dm, '_'))
        fail (dm);
    }
  else if (eat (dm, '_'))
    {
      if (!parse_number (dm, &unused))
        fail (dm);
    }
}

static char *
parse_params (Dm *dm, gboolean stop_at_e);

/* Ut [n] _ and Ul <types> E [n] _ */
static Node *
parse_unnamed_type (Dm *dm)
{
  g_autofree char *params = NULL;
  gint64 n = 0;

  if (eat (dm, 't'))
    {
      if (!peek (dm, '_') && !parse_number (dm, &n))
        return fail (dm), NULL;
      if (!eat (dm, '_'))
        return fail (dm), NULL;
      return node_new (dm, KIND_PLAIN, g_strdup_printf ("{unnamed type#%" G_GINT64_FORMAT "}", n + 1), NULL);
    }
  if (!eat (dm, 'l'))
    return fail (dm), NULL;
  params = parse_params (dm, TRUE);
  if (params == NULL || !eat (dm, 'E'))
    return fail (dm), NULL;
  if (!peek (dm, '_') && !parse_number (dm, &n))
    return fail (dm), NULL;
  if (!eat (dm, '_'))
    return fail (dm), NULL;
  return node_new (dm, KIND_PLAIN, g_strdup_printf ("{lambda%s#%" G_GINT64_FORMAT "}", params, n + 1), NULL);
}

static Node *
parse_unqualified_name (Dm *dm, const char *last)
{
  if (dm->p >= dm->end)
    return fail (dm), NULL;
  if (g_ascii_isdigit (*dm->p))
    return parse_source_name (dm);
  if (peek (dm, 'L'))
    {
      dm->p++;
      return parse_source_name (dm);
    }
  if (peek (dm, 'U'))
    {
      dm->p++;
      return parse_unnamed_type (dm);
    }
  if (peek (dm, 'C') || (peek (dm, 'D') && dm->end - dm->p >= 2 && g_ascii_isdigit (dm->p[1])))
    {
      gboolean dtor = *dm->p == 'D';

      if (last == NULL)
        return fail (dm), NULL;
      dm->p++;
      eat (dm, 'I');
      if (dm->p >= dm->end || !g_ascii_isdigit (*dm->p))
        return fail (dm), NULL;
      dm->p++;
      return node_new (dm, KIND_PLAIN, g_strconcat (dtor ? "~" : "", last, NULL), NULL);
    }
  if (g_ascii_islower (*dm->p))
    return parse_operator_name (dm);
  fail (dm);
  return NULL;
}

static char *
print_args (GPtrArray *args)
{
  GString *s = g_string_new ("<");
  gboolean first = TRUE;

  for (guint i = 0; i < args->len; i++)
    {
      Node *arg = g_ptr_array_index (args, i);
      g_autofree char *printed = node_print (arg);

      if (arg->kind == KIND_PACK && arg->pack->len == 0)
        continue;
      if (!first)
        g_string_append (s, ", ");
      g_string_append (s, printed);
      first = FALSE;
    }
  if (s->len > 1 && s->str[s->len - 1] == '>')
    g_string_append_c (s, ' ');
  g_string_append_c (s, '>');
  return g_string_free (s, FALSE);
}

static Node *
parse_literal (Dm *dm)
{
  static const struct {
    char code;
    const char *suffix;
  } suffixes[] = {
    { 'i', "" }, { 'j', "u" }, { 'l', "l" }, { 'm', "ul" }, { 'x', "ll" }, { 'y', "ull" },
  };
  const char *start;
  Node *type;
  g_autofree char *printed = NULL;

  if (peek2 (dm, "_Z") || peek (dm, 'Z'))
    {
      g_autofree char *name = NULL;

      dm->p += peek (dm, 'Z') ? 1 : 2;
      name = parse_encoding (dm);
      if (name == NULL || !eat (dm, 'E'))
        return fail (dm), NULL;
      return node_new (dm, KIND_PLAIN, g_steal_pointer (&name), NULL);
    }
  start = dm->p;
  type = parse_type (dm);
  if (type == NULL)
    return NULL;
  printed = node_print (type);
  {
    gboolean builtin = dm->p - start == 1;
    gboolean is_float = builtin && strchr ("fde", *start) != NULL;
    gboolean negative = eat (dm, 'n');
    const char *value = dm->p;
    g_autofree char *digits = NULL;

    while (dm->p < dm->end && (g_ascii_isdigit (*dm->p) || (is_float && *dm->p >= 'a' && *dm->p <= 'f')))
      dm->p++;
    if (dm->p == value)
      return fail (dm), NULL;
    digits = g_strndup (value, (gsize) (dm->p - value));
    if (!eat (dm, 'E'))
      return fail (dm), NULL;
    if (builtin && *start == 'b' && !negative && strlen (digits) == 1)
      return node_plain (dm, digits[0] == '0' ? "false" : "true");
    if (builtin)
      for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
        if (*start == suffixes[i].code)
          return node_new (dm, KIND_PLAIN,
                           g_strconcat (negative ? "-" : "", digits, suffixes[i].suffix, NULL), NULL);
    if (is_float)
      return node_new (dm, KIND_PLAIN, g_strconcat ("(", printed, ")[", digits, "]", NULL), NULL);
    return node_new (dm, KIND_PLAIN,
                     g_strconcat ("(", printed, ")", negative ? "-" : "", digits, NULL), NULL);
  }
}

static Node *
parse_template_arg (Dm *dm)
{
  if (eat (dm, 'L'))
    return parse_literal (dm);
  if (eat (dm, 'J'))
    {
      Node *pack = node_new (dm, KIND_PACK, NULL, NULL);

      pack->pack = g_ptr_array_new ();
      /* The pack array is freed with its node, see parse_template_args. */
      while (!dm->failed && !eat (dm, 'E'))
        {
          Node *arg;

          if (dm->p >= dm->end)
            return fail (dm), NULL;
          arg = parse_template_arg (dm);
          if (arg == NULL)
            return fail (dm), NULL;
          g_ptr_array_add (pack->pack, arg);
        }
      return pack;
    }
  if (eat (dm, 'X'))
    {
      /* Only the simplest expressions: a template parameter or a literal. */
      Node *node = NULL;

      if (peek (dm, 'T'))
        node = parse_template_param (dm);
      else if (eat (dm, 'L'))
        node = parse_literal (dm);
      if (node == NULL || !eat (dm, 'E'))
        return fail (dm), NULL;
      return node;
    }
  return parse_type (dm);
}

/* Returns the arguments; the caller owns the array, not the nodes. */
static GPtrArray *
parse_template_args (Dm *dm)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();

  if (!eat (dm, 'I') || !enter (dm))
    return fail (dm), NULL;
  for (;;)
    {
      Node *arg;

      if (dm->failed || dm->p >= dm->end)
        {
          leave (dm);
          return fail (dm), NULL;
        }
      if (eat (dm, 'E'))
        break;
      arg = parse_template_arg (dm);
      if (arg == NULL)
        {
          leave (dm);
          return fail (dm), NULL;
        }
      g_ptr_array_add (args, arg);
    }
  leave (dm);
  return g_steal_pointer (&args);
}

/* Appends template args to name: the result is a new node. */
static Node *
with_args (Dm *dm, Node *name, GPtrArray **out_args)
{
  g_autoptr (GPtrArray) args = parse_template_args (dm);
  g_autofree char *printed = NULL;
  g_autofree char *base = NULL;

  if (args == NULL || name == NULL)
    return fail (dm), NULL;
  printed = print_args (args);
  base = node_print (name);
  if (out_args != NULL)
    *out_args = g_steal_pointer (&args);
  return node_new (dm, KIND_PLAIN, g_strconcat (base, printed, NULL), NULL);
}

static Node *
parse_substitution (Dm *dm)
{
  static const struct {
    char code;
    const char *name;
  } abbreviations[] = {
    { 'a', "std::allocator" },
    { 'b', "std::basic_string" },
    { 's', "std::basic_string<char, std::char_traits<char>, std::allocator<char> >" },
    { 'i', "std::basic_istream<char, std::char_traits<char> >" },
    { 'o', "std::basic_ostream<char, std::char_traits<char> >" },
    { 'd', "std::basic_iostream<char, std::char_traits<char> >" },
  };
  guint index;

  if (!eat (dm, 'S'))
    return fail (dm), NULL;
  for (guint i = 0; i < G_N_ELEMENTS (abbreviations); i++)
    if (eat (dm, abbreviations[i].code))
      return node_plain (dm, abbreviations[i].name);
  if (!parse_seq_id (dm, &index) || index >= dm->subs->len)
    return fail (dm), NULL;
  return g_ptr_array_index (dm->subs, index);
}

static Node *
parse_template_param (Dm *dm)
{
  guint index;

  /* T_, T0_, T1_, … T13_: unlike a substitution's, the number is decimal
   * (cuBLAS's gemv kernels have 15 template parameters). */
  if (!eat (dm, 'T'))
    return fail (dm), NULL;
  if (eat (dm, '_'))
    index = 0;
  else
    {
      gint64 n;

      if (peek (dm, 'n') || !parse_number (dm, &n) || !eat (dm, '_'))
        return fail (dm), NULL;
      index = (guint) n + 1;
    }
  if (dm->tmpl == NULL || index >= dm->tmpl->len)
    return fail (dm), NULL;
  return g_ptr_array_index (dm->tmpl, index);
}

static Node *
join_scope (Dm *dm, Node *scope, Node *name)
{
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  if (name == NULL)
    return NULL;
  if (scope == NULL)
    return name;
  a = node_print (scope);
  b = g_strdup (name->left);
  /* The right part holds a member function's qualifiers; they stay last. */
  return node_new (dm, KIND_PLAIN, g_strconcat (a, "::", b, NULL), g_strdup (name->right));
}

static const char *
cv_suffix (guint quals)
{
  static const char *const texts[] = {
    "", " const", " volatile", " const volatile",
    " restrict", " const restrict", " volatile restrict", " const volatile restrict",
  };

  return texts[quals & 7];
}

static guint
parse_cv (Dm *dm)
{
  guint quals = 0;

  if (eat (dm, 'r'))
    quals |= 4;
  if (eat (dm, 'V'))
    quals |= 2;
  if (eat (dm, 'K'))
    quals |= 1;
  return quals;
}

static Node *
parse_nested_name (Dm *dm, gboolean *is_template, GPtrArray **out_args, char **qualifiers)
{
  Node *scope = NULL;
  g_autofree char *last = NULL;
  guint quals;
  const char *ref = "";

  if (!eat (dm, 'N'))
    return fail (dm), NULL;
  quals = parse_cv (dm);
  if (eat (dm, 'R'))
    ref = " &";
  else if (eat (dm, 'O'))
    ref = " &&";
  *qualifiers = g_strconcat (cv_suffix (quals), ref, NULL);
  *is_template = FALSE;

  while (!dm->failed && !eat (dm, 'E'))
    {
      Node *next;
      gboolean substituted = FALSE;

      if (dm->p >= dm->end)
        return fail (dm), NULL;
      *is_template = FALSE;
      dm->ctor = FALSE;
      if (peek2 (dm, "St") && scope == NULL)
        {
          dm->p += 2;
          next = join_scope (dm, node_plain (dm, "std"), parse_unqualified_name (dm, NULL));
        }
      else if (peek (dm, 'S') && scope == NULL)
        {
          next = parse_substitution (dm);
          substituted = TRUE;
        }
      else if (peek (dm, 'T') && scope == NULL)
        {
          next = parse_template_param (dm);
        }
      else if (peek (dm, 'I') && scope != NULL)
        {
          g_clear_pointer (out_args, g_ptr_array_unref);
          next = with_args (dm, scope, out_args);
          *is_template = TRUE;
          scope = NULL;
        }
      else
        {
          Node *name;

          dm->ctor = peek (dm, 'C') || (peek (dm, 'D') && dm->end - dm->p >= 2 && g_ascii_isdigit (dm->p[1]));
          name = parse_unqualified_name (dm, last);

          if (name != NULL && name->left[0] != '~' && strncmp (name->left, "operator", 8) != 0)
            {
              g_free (last);
              last = g_strdup (name->left);
            }
          next = join_scope (dm, scope, name);
        }
      if (next == NULL)
        return fail (dm), NULL;
      scope = next;
      if (!substituted && !peek (dm, 'E'))
        add_sub (dm, scope);
      eat (dm, 'M');               /* a data member prefix of a lambda scope */
    }
  return scope;
}

static Node *
parse_local_name (Dm *dm)
{
  g_autofree char *outer = NULL;
  GPtrArray *saved = dm->tmpl;
  Node *entity;

  if (!eat (dm, 'Z'))
    return fail (dm), NULL;
  outer = parse_encoding (dm);
  dm->tmpl = saved;
  if (outer == NULL || !eat (dm, 'E'))
    return fail (dm), NULL;
  if (eat (dm, 's'))
    {
      skip_discriminator (dm);
      return node_new (dm, KIND_PLAIN, g_strconcat (outer, "::string literal", NULL), NULL);
    }
  {
    gboolean is_template = FALSE;
    GPtrArray *args = NULL;

    entity = parse_name (dm, &is_template, &args);
    g_clear_pointer (&args, g_ptr_array_unref);
  }
  if (entity == NULL)
    return NULL;
  skip_discriminator (dm);
  return join_scope (dm, node_plain (dm, outer), entity);
}

/* The qualifiers of a member function go after its parameters; they are
 * returned through the name's right part.
 */
static Node *
parse_name (Dm *dm, gboolean *is_template, GPtrArray **args)
{
  Node *name;

  *is_template = FALSE;
  if (!enter (dm))
    return NULL;
  if (peek (dm, 'N'))
    {
      g_autofree char *qualifiers = NULL;

      name = parse_nested_name (dm, is_template, args, &qualifiers);
      if (name != NULL && qualifiers != NULL && qualifiers[0] != '\0')
        name = node_new (dm, KIND_PLAIN, g_strdup (name->left), g_strdup (qualifiers));
    }
  else if (peek (dm, 'Z'))
    {
      name = parse_local_name (dm);
    }
  else
    {
      gboolean from_sub = FALSE;

      if (peek2 (dm, "St"))
        {
          dm->p += 2;
          name = join_scope (dm, node_plain (dm, "std"), parse_unqualified_name (dm, NULL));
        }
      else if (peek (dm, 'S'))
        {
          name = parse_substitution (dm);
          from_sub = TRUE;
          if (!peek (dm, 'I'))
            fail (dm);
        }
      else
        {
          name = parse_unqualified_name (dm, NULL);
        }
      if (name != NULL && !dm->failed && peek (dm, 'I'))
        {
          if (!from_sub)
            add_sub (dm, name);
          name = with_args (dm, name, args);
          *is_template = TRUE;
        }
    }
  leave (dm);
  return dm->failed ? NULL : name;
}

/* ----- types ----- */

static const struct {
  char code;
  const char *name;
} builtins[] = {
  { 'v', "void" }, { 'w', "wchar_t" }, { 'b', "bool" }, { 'c', "char" },
  { 'a', "signed char" }, { 'h', "unsigned char" }, { 's', "short" },
  { 't', "unsigned short" }, { 'i', "int" }, { 'j', "unsigned int" },
  { 'l', "long" }, { 'm', "unsigned long" }, { 'x', "long long" },
  { 'y', "unsigned long long" }, { 'n', "__int128" }, { 'o', "unsigned __int128" },
  { 'f', "float" }, { 'd', "double" }, { 'e', "long double" }, { 'g', "__float128" },
  { 'z', "..." },
};

static const struct {
  char code;
  const char *name;
} d_builtins[] = {
  { 'n', "decltype(nullptr)" }, { 'h', "half" }, { 's', "char16_t" }, { 'i', "char32_t" },
  { 'u', "char8_t" }, { 'a', "auto" }, { 'c', "decltype(auto)" },
};

static Node *
make_pointer (Dm *dm, Node *inner, const char *op)
{
  if (inner->kind == KIND_PACK)
    return fail (dm), NULL;
  if ((inner->kind == KIND_FUNCTION || inner->kind == KIND_ARRAY) && !inner->grouped)
    {
      Node *node = node_new (dm, inner->kind,
                             g_strconcat (inner->left, " (", op, NULL),
                             g_strconcat (inner->kind == KIND_ARRAY ? ") " : ")", inner->right, NULL));
      node->grouped = TRUE;
      return node;
    }
  if (op[0] == '&' && inner->kind == KIND_PLAIN && g_str_has_suffix (inner->left, "&"))
    {
      /* Reference collapsing: only && applied to && stays &&. */
      gsize len = strlen (inner->left);
      gboolean both_rvalue = strcmp (op, "&&") == 0 && g_str_has_suffix (inner->left, "&&");

      if (both_rvalue || !g_str_has_suffix (inner->left, "&&"))
        return inner;
      return node_new (dm, KIND_PLAIN, g_strdup_printf ("%.*s&", (int) (len - 2), inner->left), NULL);
    }
  {
    Node *node = node_new (dm, inner->kind, g_strconcat (inner->left, op, NULL), g_strdup (inner->right));

    node->grouped = inner->grouped;
    return node;
  }
}

static char *
parse_params (Dm *dm, gboolean stop_at_e)
{
  GString *s = g_string_new ("(");
  gboolean first = TRUE;
  guint count = 0;

  while (!dm->failed && dm->p < dm->end && !peek (dm, 'E'))
    {
      Node *param = parse_type (dm);
      g_autofree char *printed = NULL;

      if (param == NULL)
        break;
      count++;
      printed = node_print (param);
      if (count == 1 && strcmp (printed, "void") == 0 && param->kind == KIND_PLAIN &&
          (dm->p >= dm->end || peek (dm, 'E')))
        break;
      /* void is a parameter list of its own, never one parameter among others. */
      if (strcmp (printed, "void") == 0 && param->kind == KIND_PLAIN)
        {
          fail (dm);
          break;
        }
      if (param->kind == KIND_PACK && param->pack->len == 0)
        continue;
      if (!first)
        g_string_append (s, ", ");
      g_string_append (s, printed);
      first = FALSE;
    }
  if (dm->failed || count == 0 || (stop_at_e && !peek (dm, 'E')))
    {
      g_string_free (s, TRUE);
      fail (dm);
      return NULL;
    }
  g_string_append_c (s, ')');
  return g_string_free (s, FALSE);
}

static Node *
parse_function_type (Dm *dm)
{
  Node *ret;
  g_autofree char *params = NULL;
  g_autofree char *ret_text = NULL;
  const char *ref = "";

  if (!eat (dm, 'F'))
    return fail (dm), NULL;
  eat (dm, 'Y');
  ret = parse_type (dm);
  /* A function returning a function or array pointer prints inside out;
   * kernels never have one, so this demangler does not try.
   */
  if (ret == NULL || ret->kind != KIND_PLAIN)
    return fail (dm), NULL;
  params = parse_params (dm, FALSE);
  if (params == NULL)
    return NULL;
  if (eat (dm, 'R'))
    ref = " &";
  else if (eat (dm, 'O'))
    ref = " &&";
  if (!eat (dm, 'E'))
    return fail (dm), NULL;
  ret_text = node_print (ret);
  return node_new (dm, KIND_FUNCTION, g_steal_pointer (&ret_text), g_strconcat (params, ref, NULL));
}

static Node *
parse_array_type (Dm *dm)
{
  gint64 n = -1;
  Node *elem;
  g_autofree char *dim = NULL;

  if (!eat (dm, 'A'))
    return fail (dm), NULL;
  if (!peek (dm, '_') && !parse_number (dm, &n))
    return fail (dm), NULL;
  if (!eat (dm, '_'))
    return fail (dm), NULL;
  elem = parse_type (dm);
  if (elem == NULL || elem->kind == KIND_PACK || elem->kind == KIND_FUNCTION)
    return fail (dm), NULL;
  dim = n >= 0 ? g_strdup_printf ("[%" G_GINT64_FORMAT "]", n) : g_strdup ("[]");
  if (elem->kind == KIND_ARRAY && !elem->grouped)
    return node_new (dm, KIND_ARRAY, g_strdup (elem->left), g_strconcat (dim, elem->right, NULL));
  return node_new (dm, KIND_ARRAY, node_print (elem), g_steal_pointer (&dim));
}

static Node *
parse_member_pointer (Dm *dm)
{
  Node *klass;
  Node *member;
  g_autofree char *class_text = NULL;

  if (!eat (dm, 'M'))
    return fail (dm), NULL;
  klass = parse_type (dm);
  if (klass == NULL)
    return NULL;
  member = parse_type (dm);
  if (member == NULL || member->kind == KIND_PACK)
    return fail (dm), NULL;
  class_text = node_print (klass);
  if (member->kind == KIND_FUNCTION && !member->grouped)
    {
      Node *node = node_new (dm, KIND_FUNCTION,
                             g_strconcat (member->left, " (", class_text, "::*", NULL),
                             g_strconcat (")", member->right, NULL));

      node->grouped = TRUE;
      return node;
    }
  {
    g_autofree char *member_text = node_print (member);

    return node_new (dm, KIND_PLAIN, g_strconcat (member_text, " ", class_text, "::*", NULL), NULL);
  }
}

static Node *
parse_pack_expansion (Dm *dm)
{
  Node *pattern = parse_type (dm);

  if (pattern == NULL)
    return NULL;
  if (pattern->kind == KIND_PACK)
    return pattern;
  {
    g_autofree char *printed = node_print (pattern);

    return node_new (dm, KIND_PLAIN, g_strconcat ("(", printed, ")...", NULL), NULL);
  }
}

static Node *
parse_d_type (Dm *dm)
{
  if (!eat (dm, 'D') || dm->p >= dm->end)
    return fail (dm), NULL;
  if (eat (dm, 'p'))
    return parse_pack_expansion (dm);
  if (peek (dm, 'F'))
    {
      gint64 bits;

      dm->p++;
      if (!parse_number (dm, &bits) || bits <= 0 || !eat (dm, '_'))
        return fail (dm), NULL;
      return node_new (dm, KIND_PLAIN, g_strdup_printf ("_Float%" G_GINT64_FORMAT, bits), NULL);
    }
  for (guint i = 0; i < G_N_ELEMENTS (d_builtins); i++)
    if (eat (dm, d_builtins[i].code))
      return node_plain (dm, d_builtins[i].name);
  fail (dm);
  return NULL;
}

static Node *
parse_qualified_type (Dm *dm)
{
  guint quals = parse_cv (dm);
  Node *inner;
  Node *node;

  /* Qualifiers come in one group, in the order r V K. */
  if (peek (dm, 'r') || peek (dm, 'V') || peek (dm, 'K'))
    return fail (dm), NULL;
  inner = parse_type (dm);
  if (inner == NULL || inner->kind == KIND_PACK)
    return fail (dm), NULL;
  if (inner->kind == KIND_FUNCTION && !inner->grouped)
    node = node_new (dm, KIND_FUNCTION, g_strdup (inner->left),
                     g_strconcat (inner->right, cv_suffix (quals), NULL));
  else
    node = node_new (dm, inner->kind, g_strconcat (inner->left, cv_suffix (quals), NULL),
                     g_strdup (inner->right));
  node->grouped = inner->grouped;
  return node;
}

static Node *
parse_type_inner (Dm *dm)
{
  char c;

  if (dm->p >= dm->end)
    return fail (dm), NULL;
  c = *dm->p;
  for (guint i = 0; i < G_N_ELEMENTS (builtins); i++)
    if (c == builtins[i].code)
      {
        dm->p++;
        return node_plain (dm, builtins[i].name);
      }

  switch (c)
    {
    case 'r':
    case 'V':
    case 'K':
      {
        Node *node = parse_qualified_type (dm);

        add_sub (dm, node);
        return node;
      }
    case 'P':
    case 'R':
    case 'O':
      {
        Node *inner;
        Node *node;

        dm->p++;
        /* A reference to a reference is spelt only through a substitution. */
        if (c != 'P' && (peek (dm, 'R') || peek (dm, 'O')))
          return fail (dm), NULL;
        inner = parse_type (dm);
        if (inner == NULL)
          return NULL;
        node = make_pointer (dm, inner, c == 'P' ? "*" : c == 'R' ? "&" : "&&");
        add_sub (dm, node);
        return node;
      }
    case 'F':
      {
        Node *node = parse_function_type (dm);

        add_sub (dm, node);
        return node;
      }
    case 'A':
      {
        Node *node = parse_array_type (dm);

        add_sub (dm, node);
        return node;
      }
    case 'M':
      {
        Node *node = parse_member_pointer (dm);

        add_sub (dm, node);
        return node;
      }
    case 'D':
      {
        gboolean expansion = peek2 (dm, "Dp");
        Node *node = parse_d_type (dm);

        if (expansion)
          add_sub (dm, node);
        return node;
      }
    case 'u':
      {
        Node *node;

        dm->p++;
        node = parse_source_name (dm);
        add_sub (dm, node);
        return node;
      }
    case 'T':
      {
        Node *node = parse_template_param (dm);

        add_sub (dm, node);
        if (node != NULL && peek (dm, 'I'))
          {
            node = with_args (dm, node, NULL);
            add_sub (dm, node);
          }
        return node;
      }
    case 'S':
      if (!peek2 (dm, "St"))
        {
          Node *node = parse_substitution (dm);

          if (node != NULL && peek (dm, 'I'))
            {
              node = with_args (dm, node, NULL);
              add_sub (dm, node);
            }
          return node;
        }
      G_GNUC_FALLTHROUGH;
    default:
      if (c != 'N' && c != 'Z' && c != 'S' && !g_ascii_isdigit (c))
        return fail (dm), NULL;
      {
        gboolean is_template = FALSE;
        GPtrArray *args = NULL;
        Node *node = parse_name (dm, &is_template, &args);

        g_clear_pointer (&args, g_ptr_array_unref);
        add_sub (dm, node);
        return node;
      }
    }
}

static Node *
parse_type (Dm *dm)
{
  Node *node;

  if (!enter (dm))
    return NULL;
  node = parse_type_inner (dm);
  leave (dm);
  if (node == NULL)
    fail (dm);
  return dm->failed ? NULL : node;
}

/* ----- encoding ----- */

static char *
parse_encoding (Dm *dm)
{
  gboolean is_template = FALSE;
  GPtrArray *args = NULL;
  Node *name;
  Node *ret = NULL;
  g_autofree char *params = NULL;
  g_autofree char *ret_text = NULL;
  gboolean ctor;
  char *result;

  if (!enter (dm))
    return NULL;
  dm->ctor = FALSE;
  name = parse_name (dm, &is_template, &args);
  ctor = dm->ctor;
  if (name == NULL)
    {
      g_clear_pointer (&args, g_ptr_array_unref);
      leave (dm);
      return NULL;
    }
  if (is_template && args != NULL)
    {
      /* A holder node keeps the arguments alive as long as T_ may need them. */
      node_new (dm, KIND_PACK, NULL, NULL)->pack = args;
      dm->tmpl = args;
    }
  else
    g_clear_pointer (&args, g_ptr_array_unref);

  if (dm->p >= dm->end || peek (dm, 'E'))
    {
      leave (dm);
      return g_strdup (name->left);
    }
  if (is_template && !ctor)
    {
      ret = parse_type (dm);
      if (ret == NULL)
        {
          leave (dm);
          return NULL;
        }
    }
  params = parse_params (dm, FALSE);
  leave (dm);
  if (params == NULL)
    return NULL;
  if (ret != NULL)
    {
      ret_text = node_print (ret);
      result = g_strconcat (ret_text, " ", name->left, params, name->right, NULL);
    }
  else
    result = g_strconcat (name->left, params, name->right, NULL);
  dm->built += strlen (result);
  if (dm->built > DM_MAX_BUILT)
    {
      g_free (result);
      return fail (dm), NULL;
    }
  return result;
}

static void
node_free_with_pack (gpointer data)
{
  Node *node = data;

  if (node->pack != NULL)
    g_ptr_array_unref (node->pack);
  node_free (node);
}

/* nvcc names a static __global__ function (or one in an anonymous
 * namespace) "__nv_static_" LEN "_" TAG "_" MANGLED, TAG being LEN
 * characters that say the translation unit ("_a1051d01_4_s_cu_d589cb60"
 * for s.cu): the mangled name it prefixes, or NULL. */
static const char *
skip_nv_static (const char *name)
{
  const char *p;
  guint64 len;
  char *end;

  if (!g_str_has_prefix (name, "__nv_static_"))
    return NULL;
  p = name + strlen ("__nv_static_");
  if (!g_ascii_isdigit (*p))
    return NULL;
  len = g_ascii_strtoull (p, &end, 10);
  if (*end != '_' || len > strlen (end + 1))
    return NULL;
  p = end + 1 + len;
  return *p == '_' ? p + 1 : NULL;
}

/**
 * cuocc_demangle:
 * @mangled: a symbol name as a compiler or profiler prints it
 *
 * A static kernel's name, which nvcc prefixes with "__nv_static_" and a
 * tag of its translation unit, is demangled without the prefix.
 *
 * Returns: (transfer full) (nullable): the demangled name, or %NULL when
 * @mangled is no Itanium C++ name or uses what this demangler lacks.
 */
char *
cuocc_demangle (const char *mangled)
{
  gsize len;
  Dm dm = { 0 };
  g_autofree char *result = NULL;
  const char *unprefixed;

  g_return_val_if_fail (mangled != NULL, NULL);

  if ((unprefixed = skip_nv_static (mangled)) != NULL)
    mangled = unprefixed;
  len = strlen (mangled);
  if (len < 3 || len > DM_MAX_INPUT || strncmp (mangled, "_Z", 2) != 0)
    return NULL;

  dm.p = mangled + 2;
  dm.end = mangled + len;
  dm.nodes = g_ptr_array_new_with_free_func (node_free_with_pack);
  dm.subs = g_ptr_array_new ();

  result = parse_encoding (&dm);
  if (dm.p != dm.end)
    dm.failed = TRUE;

  g_ptr_array_unref (dm.subs);
  g_ptr_array_unref (dm.nodes);
  if (dm.failed || result == NULL || strlen (result) > DM_MAX_OUTPUT || !g_utf8_validate (result, -1, NULL))
    return NULL;
  return g_steal_pointer (&result);
}

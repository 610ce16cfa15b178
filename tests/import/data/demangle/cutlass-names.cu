// cutlass-names.cu: kernels shaped like CUTLASS, xmma and cuBLAS gemv ones (deeply
// nested templates, enable_if returns, expressions and template parameters
// past T9_ as arguments, back references past S9_), only for their mangled
// names: tests/import/data/README says how cutlass-names.txt.gz is made.
#include <type_traits>
namespace cutlass {
template <int M, int N, int K> struct GemmShape {};
template <typename T> struct complex { T r, i; };
struct half_t { unsigned short x; };
struct bfloat16_t { unsigned short x; };
namespace layout { struct RowMajor {}; struct ColumnMajor {}; template <int I> struct ColumnMajorInterleaved {}; }
namespace arch { struct OpMultiplyAdd {}; struct Sm80 {}; struct Sm75 {}; }
namespace epilogue { namespace thread {
template <typename E, int C, typename A, typename B, int R = 0> struct LinearCombination {};
} }
namespace gemm {
namespace threadblock {
template <typename S, typename A, typename LA, typename B, typename LB, typename C, typename LC, int Stages, typename Op>
struct MmaMultistage {};
template <int N> struct GemmIdentityThreadblockSwizzle {};
}
namespace kernel {
template <typename Mma, typename Epi, typename Swizzle, bool Split>
struct Gemm { struct Params { int x; }; };
}
}
template <typename Op> __global__ void Kernel(typename Op::Params p) { }
}
namespace xmma { namespace gemm {
template <typename Traits, typename Cta, int A, int B> struct Kernel_traits {};
template <typename T> __global__ typename std::enable_if<!std::is_same<T,int>::value, void>::type kernel(T t, typename T::Params p) {}
} }
namespace internal { namespace gemvx {
template <typename T> struct Tensor {};
template <typename A, typename B, typename C, typename D> struct Params { int x; };
template <typename I, typename J, typename TA, typename TB, typename TC, typename TS, bool a, bool b, bool c, bool d, int e, bool f, typename P>
__global__ typename std::enable_if<!f, void>::type kernel(P p) {}
template <typename I, typename J, typename TA, typename TB, typename TC, typename TS, bool a, bool b, bool c, bool d, int e, bool f, typename P>
__global__ typename std::enable_if<f, void>::type kernel(P p) {}
} }

namespace xmma_new { namespace implicit_gemm { namespace fprop_indexed {
template <typename A, typename B, typename C, typename D, int I> struct Ampere_hmma_fp32_traits {};
template <typename T, int M, int N, int K, int WM, int WN, int WK, int G> struct Cta_tile_with_warps_and_groups {};
template <typename T, typename C, int B, bool S> struct Gmem_tile_a_with_ldgsts_and_predicates {};
template <typename T, typename C, int B, bool S> struct Gmem_tile_b_with_ldgsts_and_predicates {};
template <typename T, typename C, typename L> struct Gmem_tile_epilogue_with_residual_and_bias {};
template <typename T, typename C, int S> struct Smem_tile_a_swizzled_row_major_with_stages {};
template <typename T, typename C, int S> struct Smem_tile_b_swizzled_col_major_with_stages {};
template <typename... P> struct Kernel_traits_for_implicit_gemm_fprop { struct Params { int x; }; };
} } }
using namespace cutlass;
template <typename TA, typename TB, typename TC, typename LA, typename LB, int M, int N, int K, int S, int W>
struct Inst {
  typedef gemm::kernel::Gemm<
    gemm::threadblock::MmaMultistage<GemmShape<M,N,K>, TA, LA, TB, LB, TC, layout::RowMajor, S, arch::OpMultiplyAdd>,
    epilogue::thread::LinearCombination<TC, 128 / (8 * sizeof(TC)), float, float>,
    gemm::threadblock::GemmIdentityThreadblockSwizzle<W>, (S > 3)> G;
  typedef gemm::kernel::Gemm<
    gemm::threadblock::MmaMultistage<GemmShape<M,N,K>, complex<TA>, layout::ColumnMajorInterleaved<W>, complex<TB>, LB,
      gemm::kernel::Gemm<gemm::threadblock::MmaMultistage<GemmShape<K,N,M>, TA, LA, TB, LB, TC, LB, S, arch::OpMultiplyAdd>,
        epilogue::thread::LinearCombination<complex<TC>, 2, TA, TB>, gemm::threadblock::GemmIdentityThreadblockSwizzle<S>, false>,
      LA, S, arch::OpMultiplyAdd>,
    epilogue::thread::LinearCombination<complex<TC>, 4, complex<float>, complex<TA>, 1>,
    gemm::threadblock::GemmIdentityThreadblockSwizzle<W * 2>, true> G2;
  typedef gemm::kernel::Gemm<
    gemm::threadblock::MmaMultistage<GemmShape<N,M,K>, G2, layout::ColumnMajorInterleaved<M>, G, LA,
      epilogue::thread::LinearCombination<G2, 8, complex<TB>, G, S>, LB, S + 1, arch::Sm80>,
    epilogue::thread::LinearCombination<complex<TA>, 4, G2, complex<TB>, 2>,
    gemm::threadblock::GemmIdentityThreadblockSwizzle<W * 4>, false> G3;
  typedef gemm::kernel::Gemm<
    gemm::threadblock::MmaMultistage<GemmShape<K,K,N>, G3, layout::RowMajor, complex<G>, LB, G2, LA, S + 2, arch::Sm75>,
    epilogue::thread::LinearCombination<complex<TB>, 2, G, complex<TA>, 3>,
    gemm::threadblock::GemmIdentityThreadblockSwizzle<W * 8>, true> G4;
  typedef xmma_new::implicit_gemm::fprop_indexed::Ampere_hmma_fp32_traits<TA, TB, TC, G, S> Tr;
  typedef xmma_new::implicit_gemm::fprop_indexed::Cta_tile_with_warps_and_groups<Tr, M, N, K, M / 32, N / 32, 1, W> Cta;
  typedef xmma_new::implicit_gemm::fprop_indexed::Kernel_traits_for_implicit_gemm_fprop<Tr, Cta,
    xmma_new::implicit_gemm::fprop_indexed::Gmem_tile_a_with_ldgsts_and_predicates<Tr, Cta, M * 4, true>,
    xmma_new::implicit_gemm::fprop_indexed::Gmem_tile_b_with_ldgsts_and_predicates<Tr, Cta, N * 4, false>,
    xmma_new::implicit_gemm::fprop_indexed::Gmem_tile_epilogue_with_residual_and_bias<Tr, Cta, LA>,
    xmma_new::implicit_gemm::fprop_indexed::Smem_tile_a_swizzled_row_major_with_stages<Tr, Cta, S>,
    xmma_new::implicit_gemm::fprop_indexed::Smem_tile_b_swizzled_col_major_with_stages<Tr, Cta, S + 1>, G2, xmma_new::implicit_gemm::fprop_indexed::Cta_tile_with_warps_and_groups<LB, M * 3 + 1, N * 5 + 3, K * 7 + 5, M * 11 + 7, N * 13 + 9, K * 17 + 11, W * 19 + 13>, xmma_new::implicit_gemm::fprop_indexed::Cta_tile_with_warps_and_groups<LA, M * 23 + 1, N * 29 + 3, K * 31 + 5, M * 37 + 7, N * 41 + 9, K * 43 + 11, W * 47 + 13>, xmma_new::implicit_gemm::fprop_indexed::Cta_tile_with_warps_and_groups<cutlass::GemmShape<M * 53 + 100001, N * 54 + 200003, K * 55 + 300007>, M * 56 + 400009, N * 57 + 500009, K * 58 + 600011, M * 59 + 700001, N * 60 + 800011, K * 61 + 900001, W * 62 + 1000003>, xmma_new::implicit_gemm::fprop_indexed::Cta_tile_with_warps_and_groups<cutlass::GemmShape<M * 71 + 100001, N * 72 + 200003, K * 73 + 300007>, M * 74 + 400009, N * 75 + 500009, K * 76 + 600011, M * 77 + 700001, N * 78 + 800011, K * 79 + 900001, W * 80 + 1000003>, xmma_new::implicit_gemm::fprop_indexed::Cta_tile_with_warps_and_groups<cutlass::GemmShape<M * 97 + 100001, N * 98 + 200003, K * 99 + 300007>, M * 100 + 400009, N * 101 + 500009, K * 102 + 600011, M * 103 + 700001, N * 104 + 800011, K * 105 + 900001, W * 106 + 1000003> > KT;
  typedef xmma_new::implicit_gemm::fprop_indexed::Kernel_traits_for_implicit_gemm_fprop<KT, xmma_new::implicit_gemm::fprop_indexed::Gmem_tile_epilogue_with_residual_and_bias<cutlass::GemmShape<M * 131 + 110001, N * 132 + 220003, K * 133 + 330007>, xmma_new::implicit_gemm::fprop_indexed::Cta_tile_with_warps_and_groups<TC, M * 134 + 440009, N * 135 + 550009, K * 136 + 660011, M * 137 + 770001, N * 138 + 880011, K * 139 + 990001, W * 140 + 1100003>, LB>, xmma_new::implicit_gemm::fprop_indexed::Gmem_tile_epilogue_with_residual_and_bias<cutlass::GemmShape<M * 151 + 110001, N * 152 + 220003, K * 153 + 330007>, xmma_new::implicit_gemm::fprop_indexed::Cta_tile_with_warps_and_groups<TC, M * 154 + 440009, N * 155 + 550009, K * 156 + 660011, M * 157 + 770001, N * 158 + 880011, K * 159 + 990001, W * 160 + 1100003>, LB>, xmma_new::implicit_gemm::fprop_indexed::Gmem_tile_epilogue_with_residual_and_bias<cutlass::GemmShape<M * 173 + 110001, N * 174 + 220003, K * 175 + 330007>, xmma_new::implicit_gemm::fprop_indexed::Cta_tile_with_warps_and_groups<TC, M * 176 + 440009, N * 177 + 550009, K * 178 + 660011, M * 179 + 770001, N * 180 + 880011, K * 181 + 990001, W * 182 + 1100003>, LB>, xmma_new::implicit_gemm::fprop_indexed::Gmem_tile_epilogue_with_residual_and_bias<cutlass::GemmShape<M * 191 + 110001, N * 192 + 220003, K * 193 + 330007>, xmma_new::implicit_gemm::fprop_indexed::Cta_tile_with_warps_and_groups<TC, M * 194 + 440009, N * 195 + 550009, K * 196 + 660011, M * 197 + 770001, N * 198 + 880011, K * 199 + 990001, W * 200 + 1100003>, LB> > KT2;
  struct T2 { typedef typename G3::Params Params; G2 g; G gg; xmma::gemm::Kernel_traits<G3, G2, M, N> k; };
  static void go() {
    void *f1 = (void *) Kernel<G>; void *f6 = (void *) Kernel<G3>; void *f7 = (void *) Kernel<G4>; void *f8 = (void *) Kernel<KT>; void *f10 = (void *) Kernel<KT2>; (void) f10; void *f9 = (void *) xmma::gemm::kernel<KT>; (void) f8; (void) f9; (void) f7; (void) f6; void *f2 = (void *) Kernel<G2>;
    void *f3 = (void *) xmma::gemm::kernel<T2>;
    typedef internal::gemvx::Params<internal::gemvx::Tensor<const TA>, internal::gemvx::Tensor<const TB>, internal::gemvx::Tensor<TC>, G4> P;
    void *f4 = (void *) internal::gemvx::kernel<long, long, TA, TB, TC, float, true, false, (M > 64), false, S, false, P>;
    void *f5 = (void *) internal::gemvx::kernel<int, long, TC, TB, TA, double, true, false, (M > 64), false, S, true, P>;
    (void) f1; (void) f2; (void) f3; (void) f4; (void) f5;
  }
};
#define TYPES(M,N,K,S,W) \
  template struct Inst<half_t, half_t, float, layout::RowMajor, layout::ColumnMajor, M, N, K, S, W>; \
  template struct Inst<bfloat16_t, bfloat16_t, bfloat16_t, layout::ColumnMajor, layout::RowMajor, M, N, K, S, W>; \
  template struct Inst<signed char, signed char, int, layout::RowMajor, layout::ColumnMajorInterleaved<32>, M, N, K, S, W>; \
  template struct Inst<double, double, double, layout::ColumnMajor, layout::ColumnMajor, M, N, K, S, W>;
TYPES(128,128,32,3,8) TYPES(64,256,64,4,4) TYPES(256,128,16,5,1) TYPES(32,32,8,2,2)
void force() {
  Inst<half_t, half_t, float, layout::RowMajor, layout::ColumnMajor, 128,128,32,3,8>::go();
  Inst<bfloat16_t, bfloat16_t, bfloat16_t, layout::ColumnMajor, layout::RowMajor, 64,256,64,4,4>::go();
  Inst<signed char, signed char, int, layout::RowMajor, layout::ColumnMajorInterleaved<32>, 256,128,16,5,1>::go();
  Inst<double, double, double, layout::ColumnMajor, layout::ColumnMajor, 32,32,8,2,2>::go();
  Inst<half_t, half_t, float, layout::RowMajor, layout::ColumnMajor, 64,256,64,4,4>::go();
  Inst<double, double, double, layout::ColumnMajor, layout::ColumnMajor, 256,128,16,5,1>::go();
}
